import { watch } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, filePart, orderInStatus, postMultipart, SAMPLE_FILES, switchUploadLink, type FormPart } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const UPLOAD = '/api/v1/step/order/upload';
const UPDATE_FILE = '/api/v1/step/order/updateFile';
const FINISH_UPLOAD = '/api/v1/step/order/finishUpload';
const LINK_FIND = '/api/v1/public/upload/find';
const LINK_UPLOAD = '/api/v1/public/upload/upload';
const LINK_UPDATE_FILE = '/api/v1/public/upload/updateFile';
const MB = 1024 * 1024;

interface FileEntry {
  uid: string;
  name: string;
  status: string;
  url: string;
}

describe.each(ENGINES)('documents on %s', (engine) => {
  const t = appForSuite(engine);
  const [payer, stranger, admin] = t.users('payer', 'payer', 'admin');

  /** Everything an upload could leave behind: rows, files on disk, and the order itself. */
  async function written(orderId: string) {
    const rows = await t.deps.db.selectFrom('stored_files').select(['uid', 'order_id']).orderBy('uid').execute();
    const folder = (await readdir(t.deps.config.uploadDir)).sort();
    const order = await t.deps.db
      .selectFrom('orders')
      .select(['status', 'jsfile', 'revision'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return { rows, folder, order };
  }

  const upload = (orderId: string | null, files: readonly FormPart[], token = payer.token) =>
    postMultipart(t, UPLOAD, [...(orderId === null ? [] : [{ name: 'id', value: orderId }]), ...files], token);

  const download = (url: string, options: { token?: string; link?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: options.link ? `${url}?token=${encodeURIComponent(options.link)}` : url,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });

  async function uploadOne(orderId: string): Promise<FileEntry> {
    return dataOf<{ files: FileEntry[] }>(await upload(orderId, [filePart('bill.pdf', SAMPLE_FILES.pdf())]), 'upload').files[0]!;
  }

  const expectRefused = (response: { statusCode: number; json(): unknown }, status: number, message?: string) => {
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json()).toMatchObject({ status, message });
  };

  describe('the payer', () => {
    it('uploads several files in one request, lists them, finishes the upload and downloads them as attachments', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      const before = await written(orderId);
      const pdf = SAMPLE_FILES.pdf(4096);
      // The order id after the files, as some clients send it.
      const response = await postMultipart(
        t,
        UPLOAD,
        [
          filePart('医院账单.pdf', pdf, 'application/pdf'),
          filePart('passport.png', SAMPLE_FILES.png(), 'image/png'),
          filePart('scan.JPEG', SAMPLE_FILES.jpg(), 'image/jpeg'),
          filePart('more.zip', SAMPLE_FILES.zip(), 'application/zip'),
          { name: 'id', value: orderId },
        ],
        payer.token,
      );
      const { file_url, files } = dataOf<{ file_url: string; files: FileEntry[] }>(response, 'upload');
      expect(files.map((file) => file.name)).toEqual(['医院账单.pdf', 'passport.png', 'scan.JPEG', 'more.zip']);
      for (const file of files) expect(file).toEqual({ uid: file.uid, name: file.name, status: 'done', url: `/api/v1/files/${file.uid}` });
      expect(file_url).toBe(files[0]!.url);
      const after = await written(orderId);
      expect(after.rows.filter((row) => row.order_id === orderId)).toHaveLength(4);
      expect(after.folder).toHaveLength(before.folder.length + 4);
      expect(after.folder.some((name) => name.endsWith('.part'))).toBe(false);

      const listed = dataOf<{ id: string; jsfile: FileEntry[] }>(
        await t.post(
          UPDATE_FILE,
          { id: orderId, fileList: files.map((file) => ({ ...file, name: 'renamed by the client' })) },
          payer.token,
        ),
        'updateFile',
      );
      expect(listed).toEqual({ id: orderId, jsfile: files });
      const shortened = dataOf<{ jsfile: FileEntry[] }>(
        await t.post(UPDATE_FILE, { id: orderId, fileList: files.slice(0, 3) }, payer.token),
        'updateFile',
      );
      expect(shortened.jsfile).toEqual(files.slice(0, 3));

      expect(dataOf(await t.post(FINISH_UPLOAD, { id: orderId }, payer.token), 'finishUpload')).toEqual({ id: orderId });
      const order = dataOf<{ status: number; jsfile: FileEntry[] }>(
        await t.post('/api/v1/step/order/find', { id: orderId }, payer.token),
        'find',
      );
      expect(order.status).toBe(3);
      expect(order.jsfile).toEqual(files.slice(0, 3));

      const byOwner = await download(file_url, { token: payer.token });
      expect(byOwner.statusCode).toBe(200);
      expect(byOwner.rawPayload.equals(pdf)).toBe(true);
      expect(byOwner.headers['content-type']).toBe('application/pdf');
      expect(byOwner.headers['x-content-type-options']).toBe('nosniff');
      expect(byOwner.headers['content-disposition']).toBe(
        `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('医院账单.pdf')}`,
      );
      const byAdmin = await download(files[1]!.url, { token: admin.token });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.headers['content-type']).toBe('image/png');
      expect(byAdmin.headers['content-disposition']).toMatch(/^attachment; filename="passport.png"/);
    });

    it('keeps stored files readable by the service alone', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      await uploadOne(orderId);
      const { storage_name } = await t.deps.db
        .selectFrom('stored_files')
        .select('storage_name')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect((await stat(path.join(t.deps.config.uploadDir, storage_name))).mode & 0o777).toBe(0o600);
    });

    it('names a file by what it really is, whatever the client called it', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      const response = await upload(orderId, [
        filePart('../../etc/bill.html', SAMPLE_FILES.pdf(), 'text/html'),
        filePart('\u202Egpj.exe', SAMPLE_FILES.jpg(), 'image/jpeg'),
      ]);
      const { files } = dataOf<{ files: FileEntry[] }>(response, 'upload');
      expect(files.map((file) => file.name)).toEqual(['bill.html.pdf', 'gpj.exe.jpg']);
      const served = await download(files[0]!.url, { token: payer.token });
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename="bill.html.pdf"/);
    });
  });

  describe('refuses bad uploads and changes nothing', () => {
    let orderId: string;
    beforeAll(async () => {
      orderId = await orderInStatus(t, payer, 2);
    });

    it('without an order id', async () => {
      const before = await written(orderId);
      expectRefused(await upload(null, [filePart('bill.pdf', SAMPLE_FILES.pdf())]), 422, '缺少订单ID');
      expect(await written(orderId)).toEqual(before);
    });

    it("without a login, to another user's order, or as staff (who upload through the back office)", async () => {
      const before = await written(orderId);
      expectRefused(await upload(orderId, [filePart('bill.pdf', SAMPLE_FILES.pdf())], ''), 401);
      expectRefused(await upload(orderId, [filePart('bill.pdf', SAMPLE_FILES.pdf())], stranger.token), 404);
      expectRefused(await upload(orderId, [filePart('bill.pdf', SAMPLE_FILES.pdf())], admin.token), 403);
      expect(await written(orderId)).toEqual(before);
    });

    it('an executable renamed .pdf, even beside a good file', async () => {
      const before = await written(orderId);
      const response = await upload(orderId, [
        filePart('good.pdf', SAMPLE_FILES.pdf()),
        filePart('invoice.pdf', SAMPLE_FILES.exe(), 'application/pdf'),
        filePart('later.png', SAMPLE_FILES.png()),
      ]);
      expectRefused(response, 422, '仅支持 PDF / JPG / PNG / ZIP 文件');
      expect(await written(orderId)).toEqual(before);
    });

    it('an empty file, and a request with no file at all', async () => {
      const before = await written(orderId);
      expectRefused(await upload(orderId, [filePart('empty.pdf', Buffer.alloc(0))]), 422);
      expectRefused(await upload(orderId, []), 422);
      expect(await written(orderId)).toEqual(before);
    });

    it('a file of 15 MB and one byte', async () => {
      const before = await written(orderId);
      const response = await upload(orderId, [
        filePart('small.pdf', SAMPLE_FILES.pdf()),
        filePart('big.pdf', SAMPLE_FILES.pdf(15 * MB + 1)),
      ]);
      expectRefused(response, 413, '单个文件不能超过 15MB');
      expect(await written(orderId)).toEqual(before);
    });

    it('accepts a file of exactly 15 MB', async () => {
      const response = await upload(orderId, [filePart('exact.pdf', SAMPLE_FILES.pdf(15 * MB))]);
      expect(response.statusCode).toBe(200);
    });

    it('81 files in one request', async () => {
      const before = await written(orderId);
      const files = Array.from({ length: 81 }, (_, index) => filePart(`page-${index}.pdf`, SAMPLE_FILES.pdf()));
      expectRefused(await upload(orderId, files), 413, '每次最多上传 80 个文件');
      expect(await written(orderId)).toEqual(before);
    });

    it('in status 0 or 1, where the order takes no documents', async () => {
      for (const status of [0, 1] as const) {
        const early = await orderInStatus(t, payer, status);
        const before = await written(early);
        expectRefused(await upload(early, [filePart('bill.pdf', SAMPLE_FILES.pdf())]), 409);
        expect(await written(early)).toEqual(before);
      }
    });
  });

  it('accepts a file list as an antd-style client sends it: its own uids, the file_url the upload answered with', async () => {
    const orderId = await orderInStatus(t, payer, 2);
    const first = dataOf<{ file_url: string; files: FileEntry[] }>(
      await upload(orderId, [filePart('bill.pdf', SAMPLE_FILES.pdf())]),
      'upload',
    );
    const second = dataOf<{ file_url: string; files: FileEntry[] }>(
      await upload(orderId, [filePart('passport.pdf', SAMPLE_FILES.pdf())]),
      'upload',
    );
    const clientList = [
      { uid: 'rc-upload-1700000000000-2', name: 'bill.pdf', status: 'done', url: first.file_url },
      { uid: 'rc-upload-1700000000000-3', name: 'passport.pdf', status: 'done', url: `http://localhost${second.file_url}` },
    ];
    const listed = dataOf<{ jsfile: FileEntry[] }>(
      await t.post(UPDATE_FILE, { id: orderId, fileList: clientList }, payer.token),
      'updateFile',
    );
    expect(listed.jsfile).toEqual([...first.files, ...second.files]);
    // Deleting the first file: the client sends the rest, still under its own uid.
    const kept = dataOf<{ jsfile: FileEntry[] }>(
      await t.post(UPDATE_FILE, { id: orderId, fileList: clientList.slice(1) }, payer.token),
      'updateFile',
    );
    expect(kept.jsfile).toEqual(second.files);
    const before = await written(orderId);
    expectRefused(
      await t.post(
        UPDATE_FILE,
        { id: orderId, fileList: [{ uid: 'rc-upload-9', name: 'x.pdf', status: 'done', url: '/api/v1/files/not-here' }] },
        payer.token,
      ),
      422,
    );
    expect(await written(orderId)).toEqual(before);
  });

  describe('refuses bad file-list changes', () => {
    it('a uid of another order', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      const mine = await uploadOne(orderId);
      dataOf(await t.post(UPDATE_FILE, { id: orderId, fileList: [mine] }, payer.token), 'updateFile');
      const foreign = await uploadOne(await orderInStatus(t, payer, 2));
      const before = await written(orderId);
      expectRefused(await t.post(UPDATE_FILE, { id: orderId, fileList: [mine, foreign] }, payer.token), 422);
      expect(await written(orderId)).toEqual(before);
    });

    it("a change to another user's order", async () => {
      const orderId = await orderInStatus(t, payer, 2);
      const mine = await uploadOne(orderId);
      const before = await written(orderId);
      expectRefused(await t.post(UPDATE_FILE, { id: orderId, fileList: [mine] }, stranger.token), 404);
      expectRefused(await t.post(FINISH_UPLOAD, { id: orderId }, stranger.token), 404);
      expect(await written(orderId)).toEqual(before);
    });

    it('finishing the upload with an empty list', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      await uploadOne(orderId); // uploaded, but not put on the list
      const before = await written(orderId);
      expectRefused(await t.post(FINISH_UPLOAD, { id: orderId }, payer.token), 422);
      expect(await written(orderId)).toEqual(before);
    });
  });

  describe('downloads', () => {
    it('are not served to strangers, anonymous callers or unknown uids', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      const file = await uploadOne(orderId);
      expectRefused(await download(file.url, { token: stranger.token }), 404);
      expectRefused(await download(file.url), 404);
      expectRefused(await download(file.url, { link: 'not-a-link-token-at-all-000000000000' }), 404);
      expectRefused(await download('/api/v1/files/00000000-0000-0000-0000-000000000000', { token: admin.token }), 404);
    });
  });

  describe('the public upload link', () => {
    it('lets its holder see the order, add and remove files and download them, until it is switched off', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      const ownFile = await uploadOne(orderId);
      dataOf(await t.post(UPDATE_FILE, { id: orderId, fileList: [ownFile] }, payer.token), 'updateFile');
      const link = await switchUploadLink(t, orderId, true);

      const found = dataOf(await t.post(LINK_FIND, { token: link }), 'link find');
      expect(found).toEqual({
        resource_name: '慕尼黑工业大学',
        resource_name_en: 'Technical University of Munich',
        amount: '5000.00',
        currency: 'EUR',
        status: 2,
        jsfile: [ownFile],
      });

      const uploaded = dataOf<{ files: FileEntry[] }>(
        await postMultipart(t, LINK_UPLOAD, [{ name: 'token', value: link }, filePart('护照.jpg', SAMPLE_FILES.jpg())]),
        'link upload',
      ).files;
      expect(uploaded).toHaveLength(1);
      const stored = await t.deps.db.selectFrom('stored_files').selectAll().where('uid', '=', uploaded[0]!.uid).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ order_id: orderId, uploaded_by: 'upload-link', content_type: 'image/jpeg' });

      const listed = dataOf<{ jsfile: FileEntry[] }>(
        await t.post(LINK_UPDATE_FILE, { token: link, fileList: [ownFile, ...uploaded] }),
        'link updateFile',
      );
      expect(listed.jsfile).toEqual([ownFile, ...uploaded]);
      const removed = dataOf<{ jsfile: FileEntry[] }>(
        await t.post(LINK_UPDATE_FILE, { token: link, fileList: uploaded }),
        'link updateFile',
      );
      expect(removed.jsfile).toEqual(uploaded);

      const byLink = await download(ownFile.url, { link });
      expect(byLink.statusCode).toBe(200);
      expect(byLink.headers['content-disposition']).toMatch(/^attachment; /);

      await switchUploadLink(t, orderId, false);
      const before = await written(orderId);
      expectRefused(await t.post(LINK_FIND, { token: link }), 404, '上传链接已失效');
      expectRefused(
        await postMultipart(t, LINK_UPLOAD, [{ name: 'token', value: link }, filePart('late.pdf', SAMPLE_FILES.pdf())]),
        404,
        '上传链接已失效',
      );
      expectRefused(await t.post(LINK_UPDATE_FILE, { token: link, fileList: [] }), 404, '上传链接已失效');
      expectRefused(await download(ownFile.url, { link }), 404);
      expect(await written(orderId)).toEqual(before);
    });

    it('closes for good once the order reaches a final status (here: cancelled)', async () => {
      const orderId = await orderInStatus(t, payer, 2);
      const ownFile = await uploadOne(orderId);
      const link = await switchUploadLink(t, orderId, true);
      expect((await download(ownFile.url, { link })).statusCode).toBe(200);
      dataOf(await t.post('/api/v1/step/order/cancel', { id: orderId }, payer.token), 'cancel');
      expectRefused(await t.post(LINK_FIND, { token: link }), 404, '上传链接已失效');
      expectRefused(await download(ownFile.url, { link }), 404);
      const row = await t.deps.db
        .selectFrom('orders')
        .select(['active_upload_document', 'upload_document_token'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ active_upload_document: false, upload_document_token: null });
    });

    it('refuses a wrong token sent before the files without writing a byte of them to disk', async () => {
      const created: string[] = [];
      const watcher = watch(t.deps.config.uploadDir, (_event, name) => name && created.push(String(name)));
      try {
        const files = Array.from({ length: 5 }, (_, index) => filePart(`bill-${index}.pdf`, SAMPLE_FILES.pdf()));
        expectRefused(await postMultipart(t, LINK_UPLOAD, [{ name: 'token', value: 'x'.repeat(43) }, ...files]), 404, '上传链接已失效');
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        watcher.close();
      }
      expect(created).toEqual([]);
    });

    it('answers 404 to an unknown or missing token', async () => {
      expectRefused(await t.post(LINK_FIND, { token: 'x'.repeat(43) }), 404, '上传链接已失效');
      expectRefused(await t.post(LINK_FIND, {}), 404, '上传链接已失效');
      expectRefused(await postMultipart(t, LINK_UPLOAD, [filePart('bill.pdf', SAMPLE_FILES.pdf())]), 404, '上传链接已失效');
    });
  });
});
