// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FileEntry } from '../../../src/domain/order/order-data.js';
import { DocumentUploader } from '../../../src/web/components/documents/document-uploader.js';
import { NotifyProvider } from '../../../src/web/components/notify.js';
import { LocaleProvider } from '../../../src/web/i18n/i18n.js';
import { fileOfSize } from '../support/files.js';
import { freshStorage } from '../support/fresh-storage.js';

const entry = (uid: string, name: string): FileEntry => ({ uid, name, status: 'done', url: `/api/v1/files/${uid}` });

interface Sent {
  readonly file: File;
  readonly signal: AbortSignal;
  progress(percent: number): void;
  succeed(entries: readonly FileEntry[]): void;
  fail(error: Error): void;
}

/** A send the test drives: each call waits until the test settles it, reporting progress meanwhile. */
function controlledSend() {
  const sent: Sent[] = [];
  const send = (file: File, progress: (percent: number) => void, signal: AbortSignal) =>
    new Promise<readonly FileEntry[]>((succeed, fail) => sent.push({ file, signal, progress, succeed, fail }));
  return { send, sent };
}

function renderUploader(
  send: ReturnType<typeof controlledSend>['send'],
  options: { files?: readonly FileEntry[]; editable?: boolean } = {},
) {
  const pushed: (readonly FileEntry[])[] = [];
  const pushList = async (list: readonly FileEntry[]) => {
    pushed.push(list);
    return list;
  };
  render(
    <LocaleProvider>
      <NotifyProvider>
        <DocumentUploader
          files={options.files ?? []}
          editable={options.editable ?? true}
          send={send}
          pushList={pushList}
          renderLink={() => null}
        />
      </NotifyProvider>
    </LocaleProvider>,
  );
  return { pushed };
}

const choose = (files: File[]) => userEvent.setup().upload(screen.getByTestId('file-input'), files);
const pdfs = (...names: string[]) => names.map((name) => fileOfSize(name, 1000));

/** One file chosen whose upload fails with `message`: what was sent, and the failed row. */
async function failedUpload(name: string, message: string) {
  const { send, sent } = controlledSend();
  renderUploader(send);
  await choose(pdfs(name));
  await waitFor(() => expect(sent).toHaveLength(1));
  act(() => sent[0]!.fail(new Error(message)));
  return { sent, failed: await screen.findByTestId('failed-row') };
}

describe('document uploader', () => {
  freshStorage();

  it("shows each file's own progress while it travels", async () => {
    const { send, sent } = controlledSend();
    renderUploader(send);
    await choose(pdfs('a.pdf', 'b.pdf'));
    const rows = await screen.findAllByTestId('uploading-row');
    expect(sent).toHaveLength(2);

    act(() => sent[0]!.progress(40));
    expect(within(rows[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(rows[0]!).getByText('40%')).toBeTruthy();
    expect(within(rows[1]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });

  it('sends three files at a time; the others wait their turn, marked 等待上传', async () => {
    const { send, sent } = controlledSend();
    const { pushed } = renderUploader(send);
    await choose(pdfs('a.pdf', 'b.pdf', 'c.pdf', 'd.pdf', 'e.pdf'));
    expect(await screen.findAllByTestId('uploading-row')).toHaveLength(3);
    expect(screen.getAllByTestId('queued-row').map((row) => within(row).getByText('等待上传') && row.textContent)).toEqual([
      expect.stringContaining('d.pdf'),
      expect.stringContaining('e.pdf'),
    ]);
    expect(sent.map((s) => s.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);

    act(() => sent[1]!.succeed([entry('s2', 'b.pdf')]));
    await waitFor(() => expect(sent.map((s) => s.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']));
    expect(screen.getAllByTestId('queued-row')).toHaveLength(1);
    await waitFor(() => expect(pushed).toEqual([[entry('s2', 'b.pdf')]]));
    expect(screen.getAllByTestId('file-row').map((row) => row.textContent)).toEqual([expect.stringContaining('b.pdf')]);
  });

  it('cancels a travelling file (its request is aborted) and a queued one (never sent)', async () => {
    const { send, sent } = controlledSend();
    const { pushed } = renderUploader(send);
    await choose(pdfs('a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '取消上传 d.pdf' }));
    await user.click(screen.getByRole('button', { name: '取消上传 a.pdf' }));
    expect(sent[0]!.signal.aborted).toBe(true);
    expect(sent.map((s) => s.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(screen.queryByTestId('queued-row')).toBeNull();
    expect(screen.getAllByTestId('uploading-row')).toHaveLength(2);
    expect(screen.queryByText('a.pdf')).toBeNull();
    expect(pushed).toEqual([]);
  });

  it('keeps a failed file with a retry, which sends it again', async () => {
    const { sent, failed } = await failedUpload('bill.pdf', '连接中断');
    expect(within(failed).getByText('bill.pdf 上传失败')).toBeTruthy();
    expect(within(failed).getByText('连接中断')).toBeTruthy();
    expect(screen.getByTestId('toast-error').textContent).toBe('连接中断');

    await userEvent.setup().click(within(failed).getByRole('button', { name: '重新上传 bill.pdf' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.file.name).toBe('bill.pdf');
    expect(screen.queryByTestId('failed-row')).toBeNull();
    expect(screen.getByTestId('uploading-row')).toBeTruthy();
  });

  it('dismisses a failed file with its cancel button', async () => {
    const { failed } = await failedUpload('bill.pdf', 'x');
    await userEvent.setup().click(within(failed).getByRole('button', { name: '取消上传 bill.pdf' }));
    expect(screen.queryByTestId('failed-row')).toBeNull();
    expect(screen.getByText('尚未上传文件')).toBeTruthy();
  });

  it('names its retry and cancel buttons in English and German', async () => {
    for (const [locale, retry, cancel, queued] of [
      ['en-US', 'Upload a.pdf again', 'Cancel uploading d.pdf', 'Waiting'],
      ['de-DE', 'a.pdf erneut hochladen', 'Hochladen von d.pdf abbrechen', 'Wartet'],
    ] as const) {
      localStorage.setItem('locale', locale);
      const { send, sent } = controlledSend();
      renderUploader(send);
      await choose(pdfs('a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'));
      expect(await screen.findByRole('button', { name: cancel })).toBeTruthy();
      expect(within(screen.getByTestId('queued-row')).getByText(queued)).toBeTruthy();
      act(() => sent[0]!.fail(new Error('x')));
      expect(await screen.findByRole('button', { name: retry })).toBeTruthy();
      cleanup();
    }
  });

  it('refuses more than 80 files at once, and files over 15 MB, before sending anything', async () => {
    const { send, sent } = controlledSend();
    renderUploader(send);
    await choose(Array.from({ length: 81 }, (_, i) => fileOfSize(`f${i}.pdf`, 1000)));
    expect(await screen.findByText('一次最多上传 80 个文件')).toBeTruthy();
    await choose([fileOfSize('big.pdf', 15 * 1024 * 1024 + 1), fileOfSize('ok.pdf', 15 * 1024 * 1024)]);
    // The refusal tells the note's story (15 MB each) and names what was not sent.
    expect(await screen.findByText('big.pdf 超过 15MB，未上传：单个文件不超过 15MB')).toBeTruthy();
    await waitFor(() => expect(sent.map((s) => s.file.name)).toEqual(['ok.pdf']));
  });

  it('pushes the list without a removed file, and offers nothing to change when read-only', async () => {
    const { send } = controlledSend();
    const { pushed } = renderUploader(send, { files: [entry('u1', 'a.pdf'), entry('u2', 'b.pdf')] });
    await userEvent.setup().click(screen.getByRole('button', { name: '删除 a.pdf' }));
    await waitFor(() => expect(pushed).toEqual([[entry('u2', 'b.pdf')]]));
    expect(screen.queryByText('a.pdf')).toBeNull();
    cleanup();

    renderUploader(send, { files: [entry('u1', 'a.pdf')], editable: false });
    expect(screen.getByText('当前订单状态不能再修改材料')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '上传文件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除 a.pdf' })).toBeNull();
  });
});
