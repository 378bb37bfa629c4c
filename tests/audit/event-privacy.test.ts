import { describe, expect, it } from 'vitest';
import type { NewEvent, StoredEvent } from '../../eventstore/port.js';
import { openEvent, sealEvent, unsealedField } from '../../src/api/privacy/event-privacy.js';
import { isSealed } from '../../src/api/privacy/sealed-value.js';
import { memoryKeyring } from './memory-keyring.js';

const event = (type: string, data: NewEvent['data']): NewEvent => ({ id: 'e-1', type, data, metadata: {} });
const stored = (sealed: NewEvent): StoredEvent => ({
  ...sealed,
  streamId: 'order-1',
  revision: 0n,
  checkpoint: '1',
  recordedAt: new Date(0),
});

const FILES = [
  { uid: 'a', name: '护照 李思光.pdf', status: 'done', url: '/api/v1/files/a' },
  { uid: 'b', name: '', status: 'done', url: '/api/v1/files/b' },
];

/** The places PERSONAL_EVENT_FIELDS names: fields of nested objects and of every entry of an array. */
describe('sealing the personal fields of an event', () => {
  it('seals every entry of an array and a nested field, leaves the rest and empty values as they are, and opens them again', async () => {
    const keyring = memoryKeyring();
    const files = await sealEvent(event('FilesUpdated', { files: FILES }), 'user-1', keyring);
    const entries = files.data['files'] as typeof FILES;
    expect(isSealed(entries[0]!.name)).toBe(true);
    expect(entries[0]!.name).toMatch(/^pii1:user-1:/);
    expect(entries[1]!.name).toBe('');
    expect(entries.map(({ uid, status, url }) => ({ uid, status, url }))).toEqual(
      FILES.map(({ uid, status, url }) => ({ uid, status, url })),
    );
    expect(unsealedField(files)).toBeNull();
    expect((await openEvent(stored(files), keyring)).data).toEqual({ files: FILES });

    const account = await sealEvent(
      event('RecipientAccountSaved', { account: { accept_reference: 'TUITION LI SIGUANG', accept_swift: 'DEUTDEFF' } }),
      'user-1',
      keyring,
    );
    expect(account.data['account']).toMatchObject({ accept_reference: expect.stringMatching(/^pii1:/), accept_swift: 'DEUTDEFF' });
    const note = await sealEvent(event('MoreMaterialsRequested', { note: 'passport of LI SIGUANG' }), 'user-1', keyring);
    expect(note.data['note']).toMatch(/^pii1:user-1:/);
  });

  it('names the place of a value left in the clear, down to the array entry', async () => {
    expect(unsealedField(event('FilesUpdated', { files: [FILES[1]!, FILES[0]!] }))).toBe('FilesUpdated.files[1].name');
    expect(unsealedField(event('FileUploaded', { file: { uid: 'a', name: 'x.pdf' } }))).toBe('FileUploaded.file.name');
    expect(unsealedField(event('PayerDetailsSaved', { payer: { accept_reference: 'INV 7' } }))).toBe(
      'PayerDetailsSaved.payer.accept_reference',
    );
    // Types without personal data, and shapes the path does not find, are left alone.
    expect(unsealedField(event('OrderStatusSet', { status: 4 }))).toBeNull();
    expect(unsealedField(event('FilesUpdated', { files: 'not a list' }))).toBeNull();
  });

  it('reads sealed values as erased once the key is gone, and leaves values stored in the clear before as they are', async () => {
    const keyring = memoryKeyring();
    const sealed = await sealEvent(event('FilesUpdated', { files: FILES }), 'user-1', keyring);
    await keyring.erase('user-1', new Date(0));
    expect((await openEvent(stored(sealed), keyring)).data).toEqual({ files: [{ ...FILES[0], name: '[erased]' }, FILES[1]] });
    const legacy = event('FilesUpdated', { files: FILES });
    expect((await openEvent(stored(legacy), keyring)).data).toEqual({ files: FILES });
    await expect(sealEvent(legacy, 'user-1', keyring)).rejects.toThrow(/erased/);
  });
});
