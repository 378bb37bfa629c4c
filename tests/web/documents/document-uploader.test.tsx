// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileEntry } from '../../../src/domain/order/order-data.js';
import { DocumentUploader } from '../../../src/web/components/documents/document-uploader.js';
import { NotifyProvider } from '../../../src/web/components/notify.js';
import { LocaleProvider } from '../../../src/web/i18n/i18n.js';
import { fileOfSize } from '../support/files.js';


/** A send the test drives: each call waits until the test settles it, reporting progress meanwhile. */
function controlledSend() {
  const sent: { file: File; progress: (percent: number) => void; settle: (entries: readonly FileEntry[]) => void }[] = [];
  const send = (file: File, progress: (percent: number) => void) =>
    new Promise<readonly FileEntry[]>((settle) => sent.push({ file, progress, settle }));
  return { send, sent };
}

function renderUploader(send: ReturnType<typeof controlledSend>['send'], files: readonly FileEntry[] = []) {
  const pushed: (readonly FileEntry[])[] = [];
  const pushList = async (list: readonly FileEntry[]) => {
    pushed.push(list);
    return list;
  };
  render(
    <LocaleProvider>
      <NotifyProvider>
        <DocumentUploader files={files} editable send={send} pushList={pushList} renderLink={() => null} />
      </NotifyProvider>
    </LocaleProvider>,
  );
  return { pushed };
}

describe('document uploader', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it("shows each file's own progress while it travels", async () => {
    const { send, sent } = controlledSend();
    renderUploader(send);
    await userEvent.setup().upload(screen.getByTestId('file-input'), [fileOfSize('a.pdf', 1000), fileOfSize('b.pdf', 1000)]);
    const rows = await screen.findAllByTestId('uploading-row');
    expect(sent).toHaveLength(2);

    act(() => sent[0]!.progress(40));
    expect(within(rows[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(rows[0]!).getByText('40%')).toBeTruthy();
    expect(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });
});
