import { calendarDate, cnyAmountOf, StatementRefused, type ParsedStatement, type StatementEntry } from './statement.js';
import { xmlTree } from './xml-tree.js';

/**
 * ISO 20022 bank-to-customer statements (camt.053), versions 02 to 08: the message's namespace
 * says which. Other ISO 20022 messages (camt.052 intraday reports, camt.054 notifications, pain.*)
 * are not statements and are refused by name.
 */
const ISO_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3}\.\d{3}\.\d{2})/g;
const STATEMENT_VERSION = /^camt\.053\.001\.0[2-8]$/;

/** Entries and their parts that may stand once or many times; read as lists always. */
const LISTS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

type Node = Record<string, unknown>;

/** The message version its namespaces name, refused when it is not a statement. */
function statementVersion(xml: string): string {
  const named = new Set([...xml.matchAll(ISO_NAMESPACE)].map((match) => match[1]!));
  const foreign = [...named].filter((version) => !STATEMENT_VERSION.test(version));
  if (foreign.length > 0) throw new StatementRefused('foreign_message', foreign.join(', '));
  const [version, ...others] = named;
  if (version === undefined) throw new StatementRefused('not_a_statement', 'no camt.053 namespace');
  if (others.length > 0) throw new StatementRefused('foreign_message', [...named].join(', '));
  return version;
}

const child = (node: unknown, name: string): unknown => (node !== null && typeof node === 'object' ? (node as Node)[name] : undefined);
const path = (node: unknown, ...names: string[]): unknown => names.reduce(child, node);
const list = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** An element's text, whether it was written plain or carries attributes. */
function text(node: unknown): string {
  if (typeof node === 'string') return node.trim();
  const inner = child(node, '#text');
  return typeof inner === 'string' ? inner.trim() : '';
}

/** The first non-empty text among these paths. */
const firstText = (node: unknown, ...paths: string[][]): string =>
  paths.map((names) => text(path(node, ...names))).find((found) => found !== '') ?? '';

/** Version 08 wraps the party's name in `Pty`; 02 to 07 do not. */
const debtorName = (details: unknown) => firstText(details, ['RltdPties', 'Dbtr', 'Pty', 'Nm'], ['RltdPties', 'Dbtr', 'Nm']);
const debtorAccount = (details: unknown) =>
  firstText(details, ['RltdPties', 'DbtrAcct', 'Id', 'IBAN'], ['RltdPties', 'DbtrAcct', 'Id', 'Othr', 'Id']);

/** The entry's status: a plain code in 02 to 07, `Sts/Cd` in 08. */
const entryStatus = (entry: unknown) => firstText(entry, ['Sts', 'Cd'], ['Sts']);

function entryOf(entry: unknown, number: number): StatementEntry {
  const amount = path(entry, 'Amt');
  const currency = text(child(amount, '@Ccy'));
  if (currency !== 'CNY') throw new StatementRefused('not_cny', currency || 'no currency', number);
  const amount_cny = cnyAmountOf(text(amount));
  if (amount_cny === null) throw new StatementRefused('malformed_entry', `amount ${text(amount) || '(none)'}`, number);
  const indicator = text(path(entry, 'CdtDbtInd'));
  if (indicator !== 'CRDT' && indicator !== 'DBIT')
    throw new StatementRefused('malformed_entry', `CdtDbtInd ${indicator || '(none)'}`, number);
  const booked = firstText(entry, ['BookgDt', 'Dt'], ['BookgDt', 'DtTm']).slice(0, 10);
  const booking_date = calendarDate(booked);
  if (booking_date === null) throw new StatementRefused('malformed_entry', `BookgDt ${booked || '(none)'}`, number);
  const details = list(path(entry, 'NtryDtls')).flatMap((group) => list(child(group, 'TxDtls')));
  const entry_ref = firstText(entry, ['AcctSvcrRef'], ['NtryRef']) || firstText(details[0], ['Refs', 'AcctSvcrRef']);
  if (entry_ref === '') throw new StatementRefused('malformed_entry', 'no AcctSvcrRef or NtryRef', number);
  return {
    entry_ref,
    booking_date,
    amount_cny,
    direction: indicator === 'CRDT' ? 'credit' : 'debit',
    payer_name: debtorName(details[0]),
    payer_account: debtorAccount(details[0]),
    postscript: details
      .flatMap((detail) => list(path(detail, 'RmtInf', 'Ustrd')).map(text))
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * The booked entries of every statement in the message. The file is refused when it has DTD or
 * entity declarations (a bank's statement has none; they are how entity bombs work), is not
 * well-formed (found as it is read, in one pass: xmlTree) or names no camt.053 namespace; then
 * every entry must read, or nothing is taken. References and amounts stay text: `00123` is a reference,
 * not the number 123.
 */
export function parseCamt053(xml: string): ParsedStatement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new StatementRefused('entities_not_allowed');
  const document = xmlTree(xml, LISTS);
  const version = statementVersion(xml);
  const statements = list(path(document, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw new StatementRefused('not_a_statement', 'no BkToCstmrStmt/Stmt');
  const all = statements.flatMap((statement) => list(child(statement, 'Ntry')));
  // An entry without a status is booked (version 02 makes it optional); PDNG and INFO are not money yet.
  const booked = all.map((entry, index) => ({ entry, number: index + 1 })).filter(({ entry }) => ['BOOK', ''].includes(entryStatus(entry)));
  return {
    format: 'camt053',
    version,
    entries: booked.map(({ entry, number }) => entryOf(entry, number)),
    pending: all.length - booked.length,
  };
}
