import {
  ORDER_EVENT_TYPES,
  ORDER_TAGS,
  ROLE_RULES,
  rolesOf,
  STATE_NAMES,
  STATUS_TEXTS,
  STATUSES,
  type RuleSet,
  type Status,
  type Term,
} from '../../src/domain/index.js';

/**
 * Renders the order machine's statuses and transitions as Markdown, read from the machine itself
 * (its states, tags, transitions and their rule sets), so docs/order-statuses.md cannot drift from
 * the rules the product runs. Pure: `npm run docs:transitions` writes the result, a test compares.
 */

export const TABLE_START = '<!-- transitions:start -->';
export const TABLE_END = '<!-- transitions:end -->';

/** The parts of an XState state node the table reads. */
export interface MachineNode {
  readonly key: string;
  readonly type: string;
  readonly tags: readonly string[];
  readonly transitions: ReadonlyMap<string, readonly MachineTransition[]>;
  readonly states: Readonly<Record<string, MachineNode>>;
}
export interface MachineTransition {
  readonly target?: readonly { readonly key: string }[] | undefined;
  readonly guard?: unknown;
}

interface Row {
  readonly event: string;
  readonly from: Status[];
  readonly to: string;
  readonly who: string;
  readonly conditions: string;
}

const statusOf = (stateName: string): Status | undefined => {
  const index = (STATE_NAMES as readonly string[]).indexOf(stateName);
  return index < 0 ? undefined : STATUSES[index];
};

const ruleSetOf = (transition: MachineTransition): RuleSet => {
  const guard = transition.guard as { type?: unknown; params?: unknown } | undefined;
  return guard?.type === 'rules' ? (guard.params as RuleSet) : { all: [] };
};

const code = (name: string) => `\`${name}\``;
const isRoleRule = (rule: string) => rule in ROLE_RULES;

/** An alternative reads "payer with `isOwner` or uploader with `linkActive`". */
function branchText(branch: readonly string[]): string {
  const roles = branch.filter(isRoleRule).map((rule) => ROLE_RULES[rule as keyof typeof ROLE_RULES]);
  const rules = branch.filter((rule) => !isRoleRule(rule)).map(code);
  if (roles.length === 0) return rules.join(' + ');
  return rules.length === 0 ? roles.join(' + ') : `${roles.join(' + ')} with ${rules.join(' + ')}`;
}

function conditionsText(rules: RuleSet): string {
  const terms = rules.all.flatMap((term: Term) => {
    if (typeof term === 'string') return isRoleRule(term) ? [] : [code(term)];
    return [term.any.map(branchText).join(' or ')];
  });
  if (rules.sets !== undefined) terms.unshift(`sets ${rules.sets}`);
  if (rules.resumes !== undefined) terms.unshift(`returns to ${rules.resumes}`);
  if (rules.paid !== undefined) terms.unshift(rules.paid === 'full' ? 'received covers what is due' : 'received short of what is due');
  return terms.join(', ') || '-';
}

function targetText(transition: MachineTransition): string {
  const target = transition.target?.[0];
  if (!target) return 'same';
  return String(statusOf(target.key) ?? target.key);
}

function rowsOf(from: readonly Status[], transitions: ReadonlyMap<string, readonly MachineTransition[]>): Row[] {
  return [...transitions].flatMap(([event, list]) =>
    list.map((transition) => {
      const rules = ruleSetOf(transition);
      return { event, from: [...from], to: targetText(transition), who: rolesOf(rules).join(', '), conditions: conditionsText(rules) };
    }),
  );
}

/** Rows that differ only in their starting status become one row listing every status it starts from. */
function merged(rows: readonly Row[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) {
    const key = [row.event, row.to, row.who, row.conditions].join('|');
    const known = byKey.get(key);
    byKey.set(key, known ? { ...known, from: [...new Set([...known.from, ...row.from])].sort((a, b) => a - b) } : row);
  }
  return [...byKey.values()];
}

const eventRank = (event: string) => (ORDER_EVENT_TYPES as readonly string[]).indexOf(event);
const fromText = (from: readonly Status[]) => (from.length === 0 ? 'none' : from.join(', '));

function transitionRows(root: MachineNode): Row[] {
  const states = Object.values(root.states);
  const statusStates = states.filter((state) => statusOf(state.key) !== undefined);
  const notFinal = statusStates.filter((state) => state.type !== 'final').map((state) => statusOf(state.key)!);
  const rows = [
    ...states.flatMap((state) => rowsOf(statusOf(state.key) === undefined ? [] : [statusOf(state.key)!], state.transitions)),
    // The root's transitions hold in every state that is not final (their rule sets require an existing order).
    ...rowsOf(notFinal, root.transitions),
  ];
  return merged(rows).sort((a, b) => eventRank(a.event) - eventRank(b.event) || (a.from[0] ?? -1) - (b.from[0] ?? -1));
}

function statusTable(root: MachineNode): string[] {
  const lines = ['| status | state | text (en-US) | final | tags |', '| -----: | ----- | ------------ | ----- | ---- |'];
  for (const state of Object.values(root.states)) {
    const status = statusOf(state.key);
    if (status === undefined) continue;
    const tags = Object.values(ORDER_TAGS).filter((tag) => state.tags.includes(tag));
    const text = STATUS_TEXTS['en-US'][`order.status.${status}`];
    lines.push(`| ${status} | ${code(state.key)} | ${text} | ${state.type === 'final' ? 'yes' : ''} | ${tags.map(code).join(', ')} |`);
  }
  return lines;
}

/** The Markdown between the markers: the statuses, then every transition the machine has. */
export function renderTransitionTable(root: MachineNode): string {
  const transitions = [
    '| event | from | to | who | conditions |',
    '| ----- | ---- | -- | --- | ---------- |',
    ...transitionRows(root).map((row) => `| ${code(row.event)} | ${fromText(row.from)} | ${row.to} | ${row.who} | ${row.conditions} |`),
  ];
  return [...statusTable(root), '', ...transitions].join('\n');
}

/** `document` with the text between the markers replaced by `table`; throws when a marker is missing. */
export function withTransitionTable(document: string, table: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the document has no ${TABLE_START} ... ${TABLE_END} section`);
  return `${document.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${document.slice(end)}`;
}

/** The table currently between the markers (trimmed), or null when the markers are missing. */
export function checkedInTable(document: string): string | null {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  return start < 0 || end < start ? null : document.slice(start + TABLE_START.length, end).trim();
}

/**
 * A table's content without its layout: the formatter aligns the checked-in columns, so tables are
 * compared cell by cell.
 */
export function tableCells(table: string): string {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim())
            .map((cell) => (/^:?-+:?$/.test(cell) ? '-' : cell))
            .join('|')
        : line,
    )
    .join('\n');
}
