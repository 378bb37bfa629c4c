import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/api/reconciliation/parse-statement.js';
import { StatementRefused, STATEMENT_MAX_BYTES, type StatementEntry } from '../../../src/api/reconciliation/statement.js';
import { camt053Of, csvOf } from './statement-files.js';

const file = (name: string) => readFileSync(new URL(`./files/${name}`, import.meta.url));
const bytes = (text: string) => new TextEncoder().encode(text);

/** What the parser refused the file for (it must refuse). */
function refusal(input: Uint8Array): { problem: string; line: number | null; detail: string } {
  try {
    parseStatement(input);
  } catch (error) {
    if (error instanceof StatementRefused) return { problem: error.problem, line: error.line, detail: error.detail };
    throw error;
  }
  throw new Error('the file was taken');
}

const CREDIT: StatementEntry = {
  entry_ref: 'BOCOM20261126000123',
  booking_date: '2026-11-26',
  amount_cny: '145000.00',
  direction: 'credit',
  payer_name: '张三丰',
  payer_account: '6222020200112233445',
  postscript: '学费 20261126-1A2B3C4D',
};

describe('bank statements: CAMT.053', () => {
  it('reads a version 02 statement: booked credits and debits, pending entries left for later', () => {
    const parsed = parseStatement(file('camt053-v02.xml'));
    expect(parsed).toMatchObject({ format: 'camt053', version: 'camt.053.001.02', pending: 1 });
    expect(parsed.entries).toEqual([
      CREDIT,
      {
        entry_ref: 'BOCOM20261126000124',
        booking_date: '2026-11-26',
        amount_cny: '2500.00',
        direction: 'debit',
        payer_name: '',
        payer_account: '',
        postscript: 'FEE',
      },
    ]);
  });

  it('reads a version 08 statement with prefixed names, a booking time, the party under Pty, an IBAN and two remittance lines', () => {
    const parsed = parseStatement(file('camt053-v08-prefixed.xml'));
    expect(parsed).toMatchObject({ format: 'camt053', version: 'camt.053.001.08', pending: 1 });
    expect(parsed.entries).toEqual([
      {
        entry_ref: 'CMB2026112600000077',
        booking_date: '2026-11-26',
        amount_cny: '86623.28',
        direction: 'credit',
        payer_name: 'LI SI',
        payer_account: 'CN0012345678901234567',
        postscript: '20261120-77AA88BB Mayo Clinic',
      },
    ]);
  });

  it("decodes XML's own entities and character references", () => {
    const xml = camt053Of([CREDIT]).replace('张三丰', '&#x5F20;&#19977;丰').replace('学费', '学&#36153;');
    expect(parseStatement(bytes(xml)).entries).toEqual([CREDIT]);
    const ampersand = camt053Of([{ ...CREDIT, payer_name: 'Smith & Sons <Ltd>' }]);
    expect(ampersand).toContain('Smith &amp; Sons &lt;Ltd&gt;');
    expect(parseStatement(bytes(ampersand)).entries[0]!.payer_name).toBe('Smith & Sons <Ltd>');
  });

  it.each([2, 3, 4, 5, 6, 7, 8])('reads version 0%i', (version) => {
    expect(parseStatement(bytes(camt053Of([CREDIT], version))).entries).toEqual([CREDIT]);
  });

  it('refuses DTDs and entities: an entity bomb and an external entity are not expanded, and nothing is read', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><AcctSvcrRef>&lol3;</AcctSvcrRef></Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(refusal(bytes(bomb)).problem).toBe('entities_not_allowed');
    const external = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`;
    expect(refusal(bytes(external)).problem).toBe('entities_not_allowed');
  });

  it('refuses other ISO 20022 messages by name, and XML that is no statement', () => {
    const camt054 = camt053Of([CREDIT]).replace('camt.053.001.08', 'camt.054.001.08');
    expect(refusal(bytes(camt054))).toMatchObject({ problem: 'foreign_message', detail: 'camt.054.001.08' });
    expect(refusal(bytes(camt053Of([CREDIT]).replace('camt.053.001.08', 'camt.053.001.09'))).problem).toBe('foreign_message');
    expect(refusal(bytes('<html><body>statement</body></html>')).problem).toBe('not_a_statement');
    expect(refusal(bytes('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><Other/></Document>')).problem).toBe(
      'not_a_statement',
    );
  });

  it('refuses malformed XML, naming the line', () => {
    const broken = camt053Of([CREDIT]).replace('</Stmt>', '');
    expect(refusal(bytes(broken))).toMatchObject({ problem: 'malformed_xml', line: expect.any(Number) });
  });

  it('refuses, as it reads the file once, a file cut short, a second root, an entity XML does not define and a tag closed crosswise', () => {
    const whole = camt053Of([CREDIT, { ...CREDIT, entry_ref: 'X2' }]);
    const cases = [
      whole.slice(0, whole.lastIndexOf('</Ntry>')),
      `${whole}<Document/>`,
      whole.replace('张三丰', '&nbsp;张三丰'),
      whole.replace('<Sts><Cd>BOOK</Cd></Sts>', '<Sts><Cd>BOOK</Sts></Cd>'),
    ];
    for (const xml of cases) expect(refusal(bytes(xml))).toMatchObject({ problem: 'malformed_xml', line: expect.any(Number) });
  });

  it('reads any element name as a child, `__proto__` and `constructor` included', () => {
    const xml = camt053Of([CREDIT]).replace('<CdtDbtInd>', '<__proto__><constructor>x</constructor></__proto__><CdtDbtInd>');
    expect(parseStatement(bytes(xml)).entries).toEqual([CREDIT]);
  });

  it('refuses the whole file for one entry that does not read, naming the entry', () => {
    const second = { ...CREDIT, entry_ref: 'X2' };
    const cases: [string, string, string][] = [
      ['<Amt Ccy="CNY">145000.00</Amt>', '<Amt Ccy="USD">145000.00</Amt>', 'not_cny'],
      ['<Amt Ccy="CNY">145000.00</Amt>', '<Amt Ccy="CNY">14,500.00</Amt>', 'malformed_entry'],
      ['<Amt Ccy="CNY">145000.00</Amt>', '<Amt Ccy="CNY">0.00</Amt>', 'malformed_entry'],
      ['<Amt Ccy="CNY">145000.00</Amt>', '<Amt Ccy="CNY">1.005</Amt>', 'malformed_entry'],
      ['<Dt>2026-11-26</Dt>', '<Dt>2026-02-30</Dt>', 'malformed_entry'],
      ['<AcctSvcrRef>X2</AcctSvcrRef>', '', 'malformed_entry'],
      ['<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>RVSL</CdtDbtInd>', 'malformed_entry'],
    ];
    for (const [from, to, problem] of cases) {
      const xml = camt053Of([CREDIT, second]);
      const lastAt = xml.lastIndexOf(from);
      const changed = xml.slice(0, lastAt) + to + xml.slice(lastAt + from.length);
      expect(refusal(bytes(changed)), `${from} → ${to}`).toMatchObject({ problem, line: 2 });
    }
  });
});

describe('bank statements: CSV', () => {
  it('reads a CSV with a BOM, Windows line ends, quoted cells with commas and quotes, and debits as negative amounts', () => {
    const parsed = parseStatement(file('statement-bom-crlf.csv'));
    expect(parsed).toMatchObject({ format: 'csv', pending: 0 });
    expect(parsed.entries).toEqual([
      { ...CREDIT, entry_ref: 'ICBC-0001', postscript: '学费, 20261126-1A2B3C4D' },
      {
        entry_ref: 'ICBC-0002',
        booking_date: '2026-11-26',
        amount_cny: '2500.00',
        direction: 'debit',
        payer_name: '',
        payer_account: '',
        postscript: '手续费',
      },
      {
        entry_ref: 'ICBC-0003',
        booking_date: '2026-11-26',
        amount_cny: '86623.28',
        direction: 'credit',
        payer_name: 'LI SI',
        payer_account: 'CN0012345678901234567',
        postscript: '附言 "20261120-77AA88BB"',
      },
    ]);
  });

  it('takes the columns in any order', () => {
    const csv =
      'postscript,amount_cny,entry_ref,booking_date,payer_account,payer_name\n学费 20261126-1A2B3C4D,145000,R1,2026-11-26,62220,张三丰\n';
    expect(parseStatement(bytes(csv)).entries).toEqual([{ ...CREDIT, entry_ref: 'R1', payer_account: '62220', amount_cny: '145000.00' }]);
  });

  it('refuses a missing column, a bad amount or date (naming the line), an unclosed quote, and text that is not UTF-8', () => {
    expect(refusal(bytes('entry_ref,booking_date,amount_cny\nR1,2026-11-26,10\n'))).toMatchObject({
      problem: 'csv_header',
      detail: 'missing payer_name, payer_account, postscript',
    });
    const good = csvOf([CREDIT, { ...CREDIT, entry_ref: 'R2' }]);
    expect(refusal(bytes(good.replace(/145000\.00(?![\s\S]*145000\.00)/, '1.234,00')))).toMatchObject({
      problem: 'malformed_entry',
      line: 3,
    });
    expect(refusal(bytes(good.replace(/2026-11-26(?![\s\S]*2026-11-26)/, '26.11.2026')))).toMatchObject({
      problem: 'malformed_entry',
      line: 3,
    });
    expect(refusal(bytes(`${good}R3,2026-11-26,"5,x\n`)).problem).toBe('malformed_entry');
    expect(refusal(Uint8Array.from([0xc4, 0xe3, 0xba, 0xc3, 0x2c, 0x31]))).toMatchObject({ problem: 'not_a_statement' });
  });
});

describe('bank statements: any file', () => {
  it('refuses an empty file and a file over the limit before reading it', () => {
    expect(refusal(bytes('')).problem).toBe('empty');
    expect(refusal(bytes('\uFEFF  \n')).problem).toBe('empty');
    const huge = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    expect(huge.byteLength).toBeGreaterThan(STATEMENT_MAX_BYTES);
    expect(refusal(huge).problem).toBe('too_large');
  });

  it('reads back, for any entries, what a bank wrote as CAMT.053 (any version) or as CSV', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 30 }).map((value) =>
      [...value]
        .filter((char) => char >= ' ' && char !== '\u007f' && char !== '\uFEFF')
        .join('')
        .trim(),
    );
    const entry = fc.record({
      entry_ref: fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
      booking_date: fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10)),
      amount_cny: fc
        .integer({ min: 1, max: 99_999_999_999 })
        .map((fen) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`),
      direction: fc.constantFrom('credit' as const, 'debit' as const),
      payer_name: text,
      payer_account: fc.stringMatching(/^[A-Z0-9]{0,24}$/),
      postscript: text,
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), fc.integer({ min: 2, max: 8 }), fc.boolean(), (entries, version, windows) => {
        expect(parseStatement(bytes(camt053Of(entries, version))).entries).toEqual(entries);
        if (entries.length > 0) expect(parseStatement(bytes(csvOf(entries, { bom: windows, crlf: windows }))).entries).toEqual(entries);
      }),
    );
  });
});
