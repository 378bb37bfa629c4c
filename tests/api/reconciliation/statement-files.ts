import type { StatementEntry } from '../../../src/api/reconciliation/statement.js';

/** Test support: statements written from entries, as a bank would export them. */

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The party's name: version 08 wraps it in Pty. */
const debtor = (name: string, version: number) =>
  version >= 8 ? `<Dbtr><Pty><Nm>${name}</Nm></Pty></Dbtr>` : `<Dbtr><Nm>${name}</Nm></Dbtr>`;

function camtEntry(entry: StatementEntry, version: number): string {
  const status = version >= 8 ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>';
  const parties = [
    entry.payer_name ? debtor(escapeXml(entry.payer_name), version) : '',
    entry.payer_account ? `<DbtrAcct><Id><Othr><Id>${escapeXml(entry.payer_account)}</Id></Othr></Id></DbtrAcct>` : '',
  ].join('');
  return `<Ntry><Amt Ccy="CNY">${entry.amount_cny}</Amt><CdtDbtInd>${entry.direction === 'credit' ? 'CRDT' : 'DBIT'}</CdtDbtInd>${status}
<BookgDt><Dt>${entry.booking_date}</Dt></BookgDt><AcctSvcrRef>${escapeXml(entry.entry_ref)}</AcctSvcrRef>
<NtryDtls><TxDtls>${parties ? `<RltdPties>${parties}</RltdPties>` : ''}${
    entry.postscript ? `<RmtInf><Ustrd>${escapeXml(entry.postscript)}</Ustrd></RmtInf>` : ''
  }</TxDtls></NtryDtls></Ntry>`;
}

/** A camt.053 message of the given version (2 to 8) holding these entries in one statement. */
export function camt053Of(entries: readonly StatementEntry[], version = 8): string {
  const namespace = `urn:iso:std:iso:20022:tech:xsd:camt.053.001.0${version}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${namespace}"><BkToCstmrStmt><GrpHdr><MsgId>TEST</MsgId><CreDtTm>2026-11-27T06:00:00+08:00</CreDtTm></GrpHdr>
<Stmt><Id>TEST-STMT</Id><Acct><Id><Othr><Id>110060149018000000001</Id></Othr></Id><Ccy>CNY</Ccy></Acct>
${entries.map((entry) => camtEntry(entry, version)).join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text);

/** The CSV statement of these entries (debits as negative amounts), with a BOM and Windows line ends when asked. */
export function csvOf(entries: readonly StatementEntry[], { bom = false, crlf = false } = {}): string {
  const end = crlf ? '\r\n' : '\n';
  const lines = entries.map((entry) =>
    [
      entry.entry_ref,
      entry.booking_date,
      entry.direction === 'debit' ? `-${entry.amount_cny}` : entry.amount_cny,
      entry.payer_name,
      entry.payer_account,
      entry.postscript,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${bom ? '\uFEFF' : ''}entry_ref,booking_date,amount_cny,payer_name,payer_account,postscript${end}${lines.join(end)}${end}`;
}
