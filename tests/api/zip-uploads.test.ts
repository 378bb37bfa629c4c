import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileKind } from '../../src/api/documents/file-checks.js';
import { inspectZip, ZIP_LIMITS, type ZipLimits } from '../../src/api/documents/zip-inspection.js';
import { zipRefusalMessage, type ZipInspection, type ZipRefusal, type ZipRefusalReason } from '../../src/api/documents/zip-refusal.js';
import { renderMessage, type Locale } from '../../src/domain/index.js';
import { dataOf, filePart, orderInStatus, postMultipart, SAMPLE_FILES } from './support/fixtures.js';
import { rowCounts } from './support/row-counts.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';
import {
  craftZip,
  deflatedEntry,
  headThenZeros,
  storedEntry,
  yazlArchive,
  zeroBombEntry,
  type CraftedEntry,
} from './support/zip-archives.js';

const MB = 1024 * 1024;
const PDF_HEAD = Buffer.from('%PDF-1.7\n');
const BOMB_MESSAGE = '压缩包解压后过大（可能是压缩炸弹），不能上传';

/** The text a payer reads for a refused archive. */
const refusalText = (refusal: ZipRefusal, locale: Locale = 'zh-CN') => renderMessage(zipRefusalMessage(refusal), locale);

const goodArchive = () =>
  yazlArchive((zip) => {
    zip.addEmptyDirectory('scans/');
    zip.addBuffer(SAMPLE_FILES.pdf(4096), 'scans/bill.pdf');
    zip.addBuffer(SAMPLE_FILES.jpg(), 'scans/passport.jpg', { compress: false });
    zip.addBuffer(SAMPLE_FILES.png(), 'photo.PNG');
  });

let honestBomb: Promise<Buffer> | undefined;
/** A PDF's first bytes and then 200 MB of zeros, deflated by yazl as they stream in: about 200 KB, headers all true. */
const zeroBomb = () => (honestBomb ??= yazlArchive((zip) => zip.addReadStream(headThenZeros(PDF_HEAD, 200 * MB), 'report.pdf')));

const exeInside = () => craftZip([storedEntry('bill.pdf', SAMPLE_FILES.pdf()), deflatedEntry('setup.exe', SAMPLE_FILES.exe())]);

let folder: string;
let written = 0;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'zip-inspection-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

/** Stages the archive as the upload does (a file on disk) and inspects it. */
async function inspect(archive: Buffer, limits?: ZipLimits): Promise<ZipInspection> {
  const file = path.join(folder, `archive-${(written += 1)}.zip`);
  await writeFile(file, archive);
  try {
    return await inspectZip(file, limits);
  } finally {
    await rm(file, { force: true });
  }
}

const refused = (reason: ZipRefusalReason, name?: string) => ({
  ok: false,
  reason,
  ...(name !== undefined && { entry: expect.objectContaining({ name }) }),
});

describe('inspectZip', () => {
  describe('accepts', () => {
    it('documents judged by their content: a PDF, a JPG and a PNG, stored or deflated, beside a folder', async () => {
      expect(await inspect(await goodArchive())).toEqual({ ok: true, entries: 3 });
    });

    it("an archive made on a Mac, skipping Finder's metadata beside the documents", async () => {
      const appleDouble = Buffer.concat([Buffer.from([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]), Buffer.alloc(64)]);
      const dsStore = Buffer.concat([Buffer.from('\x00\x00\x00\x01Bud1', 'latin1'), Buffer.alloc(64)]);
      const archive = craftZip([
        deflatedEntry('bill.pdf', SAMPLE_FILES.pdf()),
        storedEntry('__MACOSX/._bill.pdf', appleDouble),
        storedEntry('.DS_Store', dsStore),
      ]);
      expect(await inspect(archive)).toEqual({ ok: true, entries: 1 });
      // Only Finder's own content passes under those names.
      expect(await inspect(craftZip([storedEntry('__MACOSX/._bill.pdf', SAMPLE_FILES.exe())]))).toEqual(
        refused('executable', '__MACOSX/._bill.pdf'),
      );
      expect(await inspect(craftZip([storedEntry('.DS_Store', Buffer.from('hello'))]))).toEqual(refused('unsupported_entry', '.DS_Store'));
    });

    it('small files that compress very well (the ratio only counts past 1 MB)', async () => {
      expect(
        await inspect(craftZip([zeroBombEntry('blank.pdf', PDF_HEAD, 0), deflatedEntry('white.pdf', SAMPLE_FILES.pdf(MB - 64))])),
      ).toEqual({
        ok: true,
        entries: 2,
      });
    });
  });

  describe('refuses an executable', () => {
    it.each([
      ['Windows (MZ)', SAMPLE_FILES.exe()],
      ['ELF', Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1')],
      ['Mach-O', Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x07, 0x00, 0x00, 0x01])],
      ['a universal Mach-O', Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x02])],
      ['a script', Buffer.from('#!/bin/sh\nrm -rf ~\n')],
    ])('by its content, %s, whatever it is called', async (_kind, content) => {
      expect(await inspect(craftZip([storedEntry('bill.pdf', SAMPLE_FILES.pdf()), deflatedEntry('invoice.pdf', content)]))).toEqual({
        ok: false,
        reason: 'executable',
        entry: { name: 'invoice.pdf', number: 2 },
      });
    });

    it.each(['setup.exe', 'SETUP.EXE', 'run.bat. ', 'docs/tool.ps1', 'app.apk', 'hello.js', 'scan.pdf.scr', 'tools\\x.vbs'])(
      'by its name, %j, even when its content is a PDF',
      async (name) => {
        expect(await inspect(craftZip([storedEntry(name, SAMPLE_FILES.pdf())]))).toEqual(refused('executable', name));
      },
    );
  });

  it.each([
    ['a ZIP', async () => goodArchive()],
    ['an empty ZIP', async () => SAMPLE_FILES.emptyZip()],
    ['a RAR', async () => Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1')],
    ['a 7z', async () => Buffer.from('7z\xbc\xaf\x27\x1c\x00\x04', 'latin1')],
    ['a gzip', async () => gzipSync(SAMPLE_FILES.pdf())],
  ])('refuses a nested archive: %s', async (_kind, content) => {
    expect(await inspect(craftZip([deflatedEntry('bill.pdf', SAMPLE_FILES.pdf()), deflatedEntry('more.pdf', await content())]))).toEqual({
      ok: false,
      reason: 'nested_archive',
      entry: { name: 'more.pdf', number: 2 },
    });
  });

  it.each([
    ['a text file', 'notes.txt', Buffer.from('Please pay the hospital.\n')],
    ['an empty file', 'empty.pdf', Buffer.alloc(0)],
    ['a GIF', 'photo.gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['a Word document', 'letter.docx.pdf', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  ])('refuses anything else as unsupported: %s', async (_kind, name, content) => {
    expect(await inspect(craftZip([deflatedEntry(name, content)]))).toEqual(refused('unsupported_entry', name));
  });

  describe('refuses a zip bomb', () => {
    it('of 200 MB of zeros by its expansion ratio, long before it is unpacked', async () => {
      const archive = await zeroBomb();
      expect(archive.length).toBeLessThan(MB);
      const started = Date.now();
      const result = await inspect(archive);
      expect(result).toEqual(refused('ratio', 'report.pdf'));
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(refusalText(result as Extract<ZipInspection, { ok: false }>)).toBe(BOMB_MESSAGE);
    });

    it('whose headers understate the size, by counting the real bytes', async () => {
      const lying = zeroBombEntry('report.pdf', PDF_HEAD, 200, { uncompressedSize: 4096 });
      expect(lying.compressedSize).toBeLessThan(MB);
      expect(await inspect(craftZip([lying]))).toEqual(refused('too_large', 'report.pdf'));
      // The same stream told honestly is a bomb by its ratio.
      expect(await inspect(craftZip([zeroBombEntry('report.pdf', PDF_HEAD, 200)]))).toEqual(refused('ratio', 'report.pdf'));
    });

    it('whose entries expand past the total bound together, each at a harmless ratio', async () => {
      const pages = Array.from({ length: 4 }, (_, index) => storedEntry(`page-${index + 1}.pdf`, SAMPLE_FILES.pdf(MB)));
      expect(await inspect(craftZip(pages))).toEqual({ ok: true, entries: 4 });
      expect(await inspect(craftZip(pages), { ...ZIP_LIMITS, maxTotalBytes: 3 * MB })).toEqual({
        ok: false,
        reason: 'too_large',
        entry: { name: 'page-4.pdf', number: 4 },
      });
    });

    it('whose entries share one compressed kernel', async () => {
      const kernel = deflatedEntry('page-1.pdf', Buffer.concat([PDF_HEAD, randomBytes(64 * 1024)]));
      const overlapping = Array.from({ length: 30 }, (_, index): CraftedEntry => ({
        ...kernel,
        name: `page-${index + 1}.pdf`,
        ...(index > 0 && { sharesDataOf: 0 }),
      }));
      expect(await inspect(craftZip(overlapping))).toEqual({ ok: false, reason: 'too_large', entry: { name: 'page-2.pdf', number: 2 } });
    });
  });

  it('refuses more than 200 entries, and takes 200', async () => {
    const pages = (count: number) =>
      craftZip(Array.from({ length: count }, (_, index) => storedEntry(`page-${index}.pdf`, SAMPLE_FILES.pdf(64))));
    expect(await inspect(pages(201))).toEqual({ ok: false, reason: 'too_many_entries' });
    expect(await inspect(pages(200))).toEqual({ ok: true, entries: 200 });
  });

  it.each([
    [
      'traditional encryption, stored',
      storedEntry('bill.pdf', Buffer.concat([randomBytes(12), SAMPLE_FILES.pdf()]), { flags: 0x1, uncompressedSize: 256 }),
    ],
    ['traditional encryption, deflated', deflatedEntry('bill.pdf', SAMPLE_FILES.pdf(), { flags: 0x1 })],
    ['strong encryption', deflatedEntry('bill.pdf', SAMPLE_FILES.pdf(), { flags: 0x41 })],
  ])('refuses an encrypted entry: %s', async (_kind, entry) => {
    expect(await inspect(craftZip([entry]))).toMatchObject({ ok: false, reason: 'encrypted' });
  });

  it.each([
    '../evil.pdf',
    'docs/../../evil.pdf',
    '..\\evil.pdf',
    '.. /evil.pdf',
    '/etc/evil.pdf',
    'C:/Windows/evil.pdf',
    'c:evil.pdf',
    'bill\u202Efdp.pdf',
    'bill\u0007.pdf',
    '',
  ])('refuses an unsafe name: %j', async (name) => {
    expect(await inspect(craftZip([storedEntry('good.pdf', SAMPLE_FILES.pdf()), storedEntry(name, SAMPLE_FILES.pdf())]))).toEqual({
      ok: false,
      reason: 'unsafe_name',
      entry: { name, number: 2 },
    });
  });

  it('refuses a local header that names another file than the directory does', async () => {
    expect(await inspect(craftZip([storedEntry('bill.pdf', SAMPLE_FILES.pdf(), { localName: 'bill.exe' })]))).toEqual(
      refused('unsafe_name', 'bill.pdf'),
    );
  });

  it('reads a Chinese name written without the UTF-8 flag (GBK, as Windows writes it) and names the entry by it', async () => {
    const gbkName = Buffer.concat([Buffer.from([0xb2, 0xa1, 0xb6, 0xbe]), Buffer.from('.exe')]); // 病毒.exe
    const result = await inspect(craftZip([storedEntry(gbkName, SAMPLE_FILES.exe())]));
    expect(result).toEqual(refused('executable', '病毒.exe'));
    expect(refusalText(result as Extract<ZipInspection, { ok: false }>)).toBe('压缩包内的文件 "病毒.exe" 是可执行文件，不能上传');
  });

  describe('refuses a damaged archive as unreadable, never throwing', () => {
    const good = () => craftZip([deflatedEntry('bill.pdf', SAMPLE_FILES.pdf(4096)), storedEntry('photo.png', SAMPLE_FILES.png())]);
    it.each([
      ['cut in half', async () => good().subarray(0, good().length / 2)],
      ['without its last bytes', async () => good().subarray(0, good().length - 10)],
      ['a ZIP signature and nothing else', async () => Buffer.from('PK\x03\x04', 'latin1')],
      ['a wrong checksum', async () => craftZip([deflatedEntry('bill.pdf', SAMPLE_FILES.pdf(), { crc32: 1234 })])],
      [
        'a broken deflate stream',
        async () => craftZip([deflatedEntry('bill.pdf', SAMPLE_FILES.pdf(), { data: Buffer.concat([PDF_HEAD, randomBytes(64)]) })]),
      ],
      ['a stream shorter than declared', async () => craftZip([deflatedEntry('bill.pdf', SAMPLE_FILES.pdf(), { uncompressedSize: 4096 })])],
      ['an unknown compression method', async () => craftZip([deflatedEntry('bill.pdf', SAMPLE_FILES.pdf(), { method: 14 })])],
      [
        'a stored entry whose sizes disagree',
        async () => craftZip([storedEntry('bill.pdf', SAMPLE_FILES.pdf(), { uncompressedSize: 100 })]),
      ],
      ['not a ZIP at all', async () => SAMPLE_FILES.pdf()],
    ])('%s', async (_kind, archive) => {
      expect(await inspect(await archive())).toMatchObject({ ok: false, reason: 'unreadable' });
    });
  });

  it.each([
    ['no entries at all', async () => SAMPLE_FILES.emptyZip()],
    ['only folders', async () => yazlArchive((zip) => zip.addEmptyDirectory('scans/'))],
    [
      "only a Mac's metadata",
      async () => craftZip([storedEntry('.DS_Store', Buffer.concat([Buffer.from('\x00\x00\x00\x01Bud1', 'latin1'), Buffer.alloc(8)]))]),
    ],
  ])('refuses an archive without documents: %s', async (_kind, archive) => {
    expect(await inspect(await archive())).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses an archive it could not check within its time budget', async () => {
    expect(await inspect(await goodArchive(), { ...ZIP_LIMITS, timeBudgetMs: 0 })).toEqual({ ok: false, reason: 'too_slow' });
  });

  it('judges an entry by its content alone: any bytes are accepted exactly when they start like a PDF, JPG or PNG', async () => {
    const starts = ['%PDF-', '\xff\xd8\xff', '\x89PNG\r\n\x1a\n', 'PK\x03\x04', 'MZ', '#!', 'Rar!', ''].map((start) =>
      Buffer.from(start, 'latin1'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...starts), fc.uint8Array({ maxLength: 300 }), fc.boolean(), async (start, rest, deflated) => {
        const content = Buffer.concat([start, rest]);
        const result = await inspect(craftZip([(deflated ? deflatedEntry : storedEntry)('file.bin', content)]));
        const kind = detectFileKind(content)?.contentType;
        expect(result.ok).toBe(kind === 'application/pdf' || kind === 'image/jpeg' || kind === 'image/png');
      }),
      { numRuns: 150 },
    );
  });

  it('answers for any damage to an archive, and leaves no file open behind it', async () => {
    const openFiles = async () => (await readdir('/proc/self/fd')).length;
    const archive = await goodArchive();
    const before = await openFiles();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: archive.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
        fc.nat({ max: archive.length }),
        async (changes, keptLength) => {
          const damaged = Buffer.from(archive);
          for (const [position, byte] of changes) damaged[position] = byte;
          const result = await inspect(damaged.subarray(0, Math.max(keptLength, archive.length - 64)));
          expect(result.ok || typeof refusalText(result) === 'string').toBe(true);
        },
      ),
      { numRuns: 200 },
    );
    expect(await openFiles()).toBeLessThanOrEqual(before);
  });
});

describe('zipRefusalMessage', () => {
  const executable = (name: string, locale?: Locale) =>
    refusalText({ ok: false, reason: 'executable', entry: { name, number: 3 } }, locale);

  it('names the entry when its name can be shown', () => {
    expect(executable('x.exe')).toBe('压缩包内的文件 "x.exe" 是可执行文件，不能上传');
    expect(refusalText({ ok: false, reason: 'nested_archive', entry: { name: 'more.zip', number: 2 } })).toBe(
      '压缩包内不能再包含压缩包：文件 "more.zip" 是压缩包',
    );
    expect(refusalText({ ok: false, reason: 'unsupported_entry', entry: { name: 'notes.txt', number: 2 } })).toBe(
      '压缩包内只能包含 PDF / JPG / PNG 文件：文件 "notes.txt" 不是',
    );
  });

  it('says the same in English and German', () => {
    expect(executable('x.exe', 'en-US')).toBe('Cannot upload: the file "x.exe" in the archive is an executable');
    expect(executable('bill\u202Efdp.exe', 'de-DE')).toBe('Hochladen nicht möglich: Datei Nr. 3 im Archiv ist ausführbar');
  });

  it.each(['bill\u202Efdp.exe', 'a\u0000.exe', 'say "hi".exe', 'x'.repeat(81), '\uFFFD.exe', ' '])(
    'gives the entry number instead of a name it cannot show: %j',
    (name) => {
      expect(executable(name)).toBe('压缩包内的第 3 个文件是可执行文件，不能上传');
    },
  );

  it('has a message for every reason', () => {
    const reasons: Record<ZipRefusalReason, string> = {
      nested_archive: '压缩包内不能再包含压缩包：一个文件是压缩包',
      executable: '压缩包内的一个文件是可执行文件，不能上传',
      unsupported_entry: '压缩包内只能包含 PDF / JPG / PNG 文件：一个文件不是',
      unsafe_name: '压缩包内一个文件的名称或路径不安全，不能上传',
      encrypted: '压缩包已加密，无法检查，请上传未加密的压缩包',
      too_large: BOMB_MESSAGE,
      ratio: BOMB_MESSAGE,
      too_many_entries: '压缩包内的文件过多（最多 200 个），不能上传',
      too_slow: '压缩包过于复杂，无法在限定时间内检查完，不能上传',
      empty: '压缩包内没有文件',
      unreadable: '压缩包已损坏或格式不受支持，无法打开',
    };
    for (const [reason, message] of Object.entries(reasons))
      expect(refusalText({ ok: false, reason: reason as ZipRefusalReason })).toBe(message);
  });
});

describe.each(ENGINES)('ZIP uploads through the upload route on %s', (engine) => {
  const UPLOAD = '/api/v1/step/order/upload';
  const t = appForSuite(engine);
  const [payer] = t.users('payer');
  let orderId: string;

  beforeAll(async () => {
    orderId = await orderInStatus(t, payer, 2);
  });

  /** Rows, events and the order, and the files on disk: a refused upload changes none of them. */
  const everything = async () => ({
    rows: await rowCounts(t, ['es_events', 'orders', 'stored_files']),
    files: (await readdir(t.deps.config.uploadDir)).sort(),
  });

  const upload = (files: readonly ReturnType<typeof filePart>[]) =>
    postMultipart(t, UPLOAD, [{ name: 'id', value: orderId }, ...files], payer.token);

  it('refuses a zip bomb with 422 and its message, keeping no row, event or file', async () => {
    const before = await everything();
    const response = await upload([filePart('bill.pdf', SAMPLE_FILES.pdf()), filePart('scans.zip', await zeroBomb(), 'application/zip')]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      status: 422,
      code: 'zip_refused.ratio',
      message: BOMB_MESSAGE,
      errors: { file: [BOMB_MESSAGE] },
    });
    expect(await everything()).toEqual(before);
  });

  it('refuses a ZIP with an executable inside with 422, naming it, keeping nothing', async () => {
    const before = await everything();
    const message = '压缩包内的文件 "setup.exe" 是可执行文件，不能上传';
    const response = await upload([filePart('scans.zip', exeInside(), 'application/zip'), filePart('later.png', SAMPLE_FILES.png())]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, code: 'zip_refused.executable', message, errors: { file: [message] } });
    expect(await everything()).toEqual(before);
  });

  it('accepts a ZIP of documents and stores it as a ZIP', async () => {
    const archive = await goodArchive();
    const { files } = dataOf<{ files: { uid: string; name: string }[] }>(
      await upload([filePart('scans.zip', archive, 'application/zip')]),
      'upload',
    );
    expect(files.map((file) => file.name)).toEqual(['scans.zip']);
    const stored = await t.deps.db
      .selectFrom('stored_files')
      .select(['content_type', 'size'])
      .where('uid', '=', files[0]!.uid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ content_type: 'application/zip', size: archive.length });
  });
});
