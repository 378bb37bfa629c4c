import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkedInTable,
  renderTransitionTable,
  tableCells,
  withTransitionTable,
  type MachineNode,
  type MachineTransition,
} from '../../scripts/docs/transition-table.js';
import { orderMachine, RULES } from '../../src/domain/index.js';

/**
 * docs/order-statuses.md carries the order machine's statuses and transitions, generated from the
 * machine by `npm run docs:transitions`. These tests fail when the two disagree.
 */
const DOCUMENT = readFileSync(new URL('../../docs/order-statuses.md', import.meta.url), 'utf8');
const ROOT = orderMachine.root as unknown as MachineNode;

/** The machine's root with one state's transitions for one event replaced. */
function changed(state: string, event: string, replace: (transitions: readonly MachineTransition[]) => MachineTransition[]): MachineNode {
  const node = ROOT.states[state]!;
  const transitions = new Map(node.transitions);
  transitions.set(event, replace(transitions.get(event) ?? []));
  return { ...ROOT, states: { ...ROOT.states, [state]: { ...node, transitions } } };
}

const agrees = (document: string, root: MachineNode) =>
  tableCells(checkedInTable(document) ?? '') === tableCells(renderTransitionTable(root));

describe('the transition table in docs/order-statuses.md', () => {
  it('is the one the machine generates (run `npm run docs:transitions` after changing the machine)', () => {
    expect(checkedInTable(DOCUMENT), 'the markers are missing').not.toBeNull();
    expect(tableCells(checkedInTable(DOCUMENT)!)).toBe(tableCells(renderTransitionTable(ROOT)));
  });

  it('is found out of date when the machine loses a transition, gains a target or changes a rule', () => {
    expect(agrees(DOCUMENT, ROOT)).toBe(true);
    expect(
      agrees(
        DOCUMENT,
        changed('draft', 'OrderCancelled', () => []),
      ),
    ).toBe(false);
    const toRefunding = changed('transferred', 'MoreMaterialsRequested', (list) =>
      list.map((t) => ({ ...t, target: [{ key: 'refunding' }] })),
    );
    expect(agrees(DOCUMENT, toRefunding)).toBe(false);
    const anyoneConfirms = changed('draft', 'OrderConfirmed', (list) =>
      list.map((t) => ({ ...t, guard: { type: 'rules', params: { all: ['byPayer'] } } })),
    );
    expect(agrees(DOCUMENT, anyoneConfirms)).toBe(false);
  });

  it('is found out of date when someone edits the checked-in text', () => {
    const edited = DOCUMENT.replace(/(`OrderTimedOut`[^\n]*\| )system( )/, '$1admin$2');
    expect(edited).not.toBe(DOCUMENT);
    expect(agrees(edited, ROOT)).toBe(false);
  });

  it('ignores only the layout: aligned and unaligned columns are the same table', () => {
    const table = renderTransitionTable(ROOT);
    const realigned = table.replace(/ +\|/g, ' |').replace(/\| +/g, '| ').replace(/-{3,}/g, '---');
    expect(tableCells(realigned)).toBe(tableCells(table));
  });

  it('is written between the markers and nowhere else', () => {
    const document = 'before\n<!-- transitions:start -->\nold\n<!-- transitions:end -->\nafter\n';
    expect(withTransitionTable(document, 'new')).toBe('before\n<!-- transitions:start -->\n\nnew\n\n<!-- transitions:end -->\nafter\n');
    expect(() => withTransitionTable('no markers', 'new')).toThrow(/transitions:start/);
  });

  it('has every rule the machine names explained beside it', () => {
    const outside = DOCUMENT.replace(checkedInTable(DOCUMENT) ?? '', '');
    for (const rule of Object.keys(RULES)) expect(outside, rule).toContain(`\`${rule}\``);
  });
});
