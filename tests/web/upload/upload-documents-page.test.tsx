// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import UploadDocumentsPage from '../../../src/web/features/upload/upload-documents-page.js';
import { callsTo, fail, holdCalls, serveApi } from '../support/api-server.js';
import { fileOfSize, storedFiles } from '../support/files.js';
import { uploadLinkOrderOf } from '../support/contract-fixtures.js';
import { renderWithApp } from '../support/render-with-app.js';
import { freshStorage } from '../support/fresh-storage.js';

const TOKEN = 'tok_6bq2Jm0aXf1sYv9QpL3nRw';
const file = (uid: string, name: string) => ({ uid, name, status: 'done' as const, url: `/api/v1/files/${uid}` });

function serveLink(link: { status: number; jsfile: ReturnType<typeof file>[] }, options: { holdUploads?: boolean } = {}) {
  const uploads = holdCalls();
  serveApi({
    '/public/upload/find': (body) =>
      body.token === TOKEN
        ? uploadLinkOrderOf({
            resource_name: 'Charité Universitätsmedizin Berlin',
            amount: '5000',
            currency: 'EUR',
            status: link.status,
            jsfile: link.jsfile,
          })
        : fail(404, '上传链接已失效', {}, 'upload_link_inactive'),
    '/public/upload/updateFile': (body) => {
      link.jsfile = body.fileList as typeof link.jsfile;
      return { jsfile: link.jsfile };
    },
    '/public/upload/upload': options.holdUploads ? uploads.resolve : (_body, call) => storedFiles(call.form),
  });
  return { uploads: uploads.held };
}

function renderPage(token = TOKEN) {
  const router = createMemoryRouter([{ path: '/upload_documents/:token', element: <UploadDocumentsPage /> }], {
    initialEntries: [`/upload_documents/${token}`],
  });
  renderWithApp(router);
}

describe('public upload page', () => {
  freshStorage();

  it('shows the panel, the required documents and the note, without logging in', async () => {
    serveLink({ status: 2, jsfile: [] });
    renderPage();
    const trigger = await screen.findByRole('button', { name: '上传银行审核材料' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('付款人的护照照片')).toBeTruthy();
    expect(screen.getByText('机构的缴费账单')).toBeTruthy();
    expect(screen.getByText('账单须显示全部金额及收款账户信息')).toBeTruthy();
    expect(screen.getByText('优先提供 PDF 文件；如为截图，须包含姓名及收款信息')).toBeTruthy();
    expect(screen.getByText('支持 PDF / JPG / PNG / ZIP，单个文件不超过 15MB')).toBeTruthy();
    expect(screen.getByRole('button', { name: '上传文件' })).toBeTruthy();
    expect(screen.getByText('缴费对象：Charité Universitätsmedizin Berlin')).toBeTruthy();

    // Collapsible, by keyboard too.
    trigger.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it("shows an '上传中' row while a file is sent, then lists it and pushes the list with the token", async () => {
    const api = serveLink({ status: 2, jsfile: [file('u1', 'passport.jpg')] }, { holdUploads: true });
    renderPage();
    await screen.findByText('passport.jpg');
    await userEvent.setup().upload(screen.getByTestId('file-input'), fileOfSize('bill.pdf', 2048));
    const row = await screen.findByTestId('uploading-row');
    expect(within(row).getByText('上传中')).toBeTruthy();
    expect(within(row).getByText('bill.pdf')).toBeTruthy();
    await waitFor(() => expect(api.uploads).toHaveLength(1));
    expect(api.uploads[0]!.call.path).toBe('/public/upload/upload');
    expect(api.uploads[0]!.call.form?.get('token')).toBe(TOKEN);

    api.uploads[0]!.answer(storedFiles(api.uploads[0]!.call.form));
    await waitFor(() => expect(screen.queryByTestId('uploading-row')).toBeNull());
    await waitFor(() => expect(callsTo('/public/upload/updateFile')).toHaveLength(1));
    const pushed = callsTo('/public/upload/updateFile')[0]!.body;
    expect(pushed.token).toBe(TOKEN);
    expect((pushed.fileList as { name: string }[]).map((f) => f.name)).toEqual(['passport.jpg', 'bill.pdf']);
    expect(screen.getByText('bill.pdf')).toBeTruthy();
  });

  it('has a preview link with the token and a delete link per file', async () => {
    serveLink({ status: 3, jsfile: [file('u1', 'passport.jpg'), file('u2', 'bill.pdf')] });
    renderPage();
    await screen.findByText('bill.pdf');
    const rows = screen.getAllByTestId('file-row');
    expect(rows).toHaveLength(2);
    const preview = within(rows[1]!).getByRole('link', { name: '预览' });
    expect(preview.getAttribute('href')).toBe(`/api/v1/files/u2?token=${TOKEN}`);
    expect(preview.getAttribute('target')).toBe('_blank');

    await userEvent.setup().click(within(rows[0]!).getByRole('button', { name: '删除 passport.jpg' }));
    await waitFor(() => expect(callsTo('/public/upload/updateFile')).toHaveLength(1));
    expect(callsTo('/public/upload/updateFile')[0]!.body).toEqual({ token: TOKEN, fileList: [file('u2', 'bill.pdf')] });
    await waitFor(() => expect(screen.queryByText('passport.jpg')).toBeNull());
  });

  it('refuses a file over 15 MB, naming it and the bound', async () => {
    serveLink({ status: 2, jsfile: [] });
    renderPage();
    await screen.findByRole('button', { name: '上传文件' });
    await userEvent
      .setup()
      .upload(screen.getByTestId('file-input'), [fileOfSize('scan.pdf', 16 * 1024 * 1024), fileOfSize('ok.pdf', 1000)]);
    expect(await screen.findByText('scan.pdf 超过 15MB，未上传：单个文件不超过 15MB')).toBeTruthy();
    await waitFor(() => expect(callsTo('/public/upload/upload')).toHaveLength(1));
    expect(callsTo('/public/upload/upload')[0]!.body.file).toBe('ok.pdf');
  });

  it("says '上传链接已失效' for an inactive link", async () => {
    serveLink({ status: 2, jsfile: [] });
    renderPage('no-longer-valid');
    expect(await screen.findByText('上传链接已失效')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '上传文件' })).toBeNull();
  });

  it('tells an inactive link by its code, not by the 404 alone (a proxy may answer 404 too)', async () => {
    serveApi({ '/public/upload/find': () => fail(404, 'Not Found', {}, 'not_found') });
    renderPage();
    expect(await screen.findByText('加载失败，请重试')).toBeTruthy();
    expect(screen.queryByTestId('link-inactive')).toBeNull();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('lists the files read-only once the order is final', async () => {
    serveLink({ status: 7, jsfile: [file('u1', 'passport.jpg')] });
    renderPage();
    await screen.findByText('passport.jpg');
    expect(screen.queryByRole('button', { name: '上传文件' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除 passport.jpg' })).toBeNull();
    expect(screen.getByRole('link', { name: '预览' })).toBeTruthy();
  });

  it('shows a push refused by the server as an error toast and keeps the list', async () => {
    serveApi({
      '/public/upload/find': () => uploadLinkOrderOf({ resource_name: 'X', status: 2, jsfile: [file('u1', 'passport.jpg')] }),
      '/public/upload/updateFile': () => fail(404, '上传链接已失效', {}, 'upload_link_inactive'),
    });
    renderPage();
    await screen.findByText('passport.jpg');
    await userEvent.setup().click(screen.getByRole('button', { name: '删除 passport.jpg' }));
    expect(await screen.findByText('上传链接已失效')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('passport.jpg')).toBeTruthy());
  });
});
