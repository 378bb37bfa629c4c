import { describe, expect, it } from 'vitest';
import {
  LOCALES,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  approvalWaitingNotice,
  deadlineReminder,
  fold,
  groupedAmount,
  noticesOfOrderEvent,
  unmatchedEntryNotice,
  wordNotice,
  type Notice,
  type OrderCommand,
  type OrderEvent,
} from '../../src/domain/index.js';
import { ADMIN, BANK, OWNER, historyTo, overpaidHistoryTo, play, submitPartner, PARTNER } from './support.js';

/** Given the order's history, when these commands happen, then the last event raises these notices. */
function noticesOf(history: readonly OrderEvent[], ...steps: [OrderCommand, typeof OWNER][]): Notice[] {
  const events = play(steps, history);
  const last = events.at(-1)!;
  return noticesOfOrderEvent(fold(events.slice(0, -1)), fold(events), last);
}
const summary = (notices: readonly Notice[]) => notices.map((n) => ({ to: n.to, kind: n.kind, facts: n.facts }));
const payer = { payer: OWNER.id };

describe('the notices an order event raises', () => {
  it('tells the payer of a confirmed order its amount and deadline (China time)', () => {
    const notices = noticesOf(historyTo(0), [{ type: 'confirmOrder', rate: '7.8123', markup: '0.01', deadline_ms: 72 * 3600_000 }, OWNER]);
    expect(summary(notices)).toEqual([
      { to: payer, kind: 'order_confirmed', facts: { amount_cny: expect.stringMatching(/^\d+\.\d\d$/), deadline: '2026-11-24 18:00:00' } },
    ]);
  });

  it('tells the payer of money received in full, and the admins of nothing', () => {
    const history = historyTo(2);
    const due = fold(history).context.price!.cny_amount;
    const notices = noticesOf(history, [{ type: 'recordPayment', payment_id: 'p1', amount_cny: due }, BANK]);
    expect(summary(notices)).toEqual([{ to: payer, kind: 'money_received', facts: { paid_cny: due } }]);
  });

  it('tells the payer of a short payment with the shortfall', () => {
    const history = historyTo(2);
    const due = fold(history).context.price!.cny_amount;
    const notices = noticesOf(history, [{ type: 'recordPayment', payment_id: 'p1', amount_cny: '100.00' }, BANK]);
    const shortfall = (Number(due) - 100).toFixed(2);
    expect(summary(notices)).toEqual([{ to: payer, kind: 'money_short', facts: { paid_cny: '100.00', shortfall_cny: shortfall } }]);
  });

  it("tells the payer the bank's note when it asks for materials", () => {
    const notices = noticesOf(historyTo(4), [{ type: 'requestMoreMaterials', note: '请补充护照首页' }, BANK]);
    expect(summary(notices)).toEqual([{ to: payer, kind: 'materials_requested', facts: { note: '请补充护照首页' } }]);
  });

  it.each([5, 6, 7] as const)('tells the payer when the order reaches %i', (status) => {
    const events = historyTo(status);
    const notices = noticesOfOrderEvent(fold(events.slice(0, -1)), fold(events), events.at(-1)!);
    expect(summary(notices)).toEqual([{ to: payer, kind: 'status_changed', facts: { status: String(status) } }]);
  });

  it('tells the other side of the thread of a new message', () => {
    const fromPayer = noticesOf(historyTo(13), [{ type: 'postMessage', message_id: 'm1', text: '材料已上传' }, OWNER]);
    expect(summary(fromPayer)).toEqual([{ to: 'admins', kind: 'payer_message', facts: {} }]);
    const fromAdmin = noticesOf(historyTo(13), [{ type: 'postMessage', message_id: 'm2', text: '已收到' }, ADMIN]);
    expect(summary(fromAdmin)).toEqual([{ to: payer, kind: 'message_answered', facts: {} }]);
  });

  it('tells nobody when an admin sets 9 (refunding)', () => {
    expect(noticesOf(historyTo(4), [{ type: 'setStatus', status: 9 }, ADMIN])).toEqual([]);
  });

  it('tells the payer of a timeout and of a refund', () => {
    const timedOut = historyTo(11);
    expect(summary(noticesOfOrderEvent(fold(timedOut.slice(0, -1)), fold(timedOut), timedOut.at(-1)!))).toEqual([
      { to: payer, kind: 'timed_out', facts: {} },
    ]);
    const history = overpaidHistoryTo(5);
    const refund = noticesOf(history, [{ type: 'recordRefund', amount_cny: '10.00', reference: 'RF-1', reason: 'x' }, ADMIN]);
    expect(summary(refund)).toEqual([{ to: payer, kind: 'refund_recorded', facts: { refunded_cny: '10.00' } }]);
  });

  it('tells the admins of a declared transfer and of materials uploaded in answer to 13', () => {
    expect(summary(noticesOf(historyTo(2), [{ type: 'finishPay' }, OWNER]))).toEqual([
      { to: 'admins', kind: 'transfer_declared', facts: { amount_cny: fold(historyTo(2)).context.price!.cny_amount } },
    ]);
    const at13 = play([[{ type: 'requestMoreMaterials', note: 'passport' }, BANK]], historyTo(4));
    const answered = noticesOf(
      at13,
      [{ type: 'uploadFile', file: { uid: 'p2', name: 'p2.pdf', size: 9, content_type: 'application/pdf', url: '/files/p2' } }, OWNER],
      [{ type: 'updateFiles', files: [{ uid: 'passport' }, { uid: 'p2' }] }, OWNER],
      [{ type: 'finishUpload' }, OWNER],
    );
    expect(answered.map((n) => [n.to, n.kind])).toEqual([['admins', 'documents_uploaded']]);
    // An ordinary finished upload (2 → 3) is no answer to the bank.
    expect(noticesOf(historyTo(2), [{ type: 'finishUpload' }, OWNER])).toEqual([]);
  });

  it('tells the admins once when an order becomes overpaid', () => {
    const history = historyTo(2);
    const due = fold(history).context.price!.cny_amount;
    const over = (Number(due) + 10).toFixed(2);
    const notices = noticesOf(history, [{ type: 'recordPayment', payment_id: 'p1', amount_cny: over }, BANK]);
    expect(summary(notices)).toEqual([
      { to: payer, kind: 'money_received', facts: { paid_cny: over } },
      { to: 'admins', kind: 'overpayment', facts: { overpaid_cny: '10.00' } },
    ]);
  });

  it('keys every notice by its event, so the same event never raises a second one', () => {
    const events = play([[{ type: 'requestMoreMaterials', note: 'n' }, BANK]], historyTo(4));
    const [notice] = noticesOfOrderEvent(fold(events.slice(0, -1)), fold(events), events.at(-1)!);
    expect(notice?.key).toBe(events.at(-1)!.meta.event_id);
  });

  it('tells no payer of a partner order', () => {
    const events = play([
      [submitPartner(), PARTNER],
      [{ type: 'setStatus', status: 5 }, ADMIN],
    ]);
    expect(noticesOfOrderEvent(fold(events.slice(0, -1)), fold(events), events.at(-1)!)).toEqual([]);
  });
});

describe('notices from outside the order stream', () => {
  it('reminds the payer once per order and deadline', () => {
    const deadline = new Date('2026-11-24T10:00:00.000Z');
    const [reminder] = deadlineReminder({ id: 'o1', order_no: 'N1', owner_id: '7', deadline, cny_amount: '100.00' });
    expect(reminder).toMatchObject({ to: { payer: '7' }, kind: 'deadline_reminder', key: 'deadline:o1:2026-11-24T10:00:00.000Z' });
    expect(deadlineReminder({ id: 'o1', order_no: 'N1', owner_id: '', deadline, cny_amount: null })).toEqual([]);
  });

  it('tells admins of an unmatched entry and of a proposal, not its proposer', () => {
    expect(unmatchedEntryNotice({ entry_ref: 'E1', amount_cny: '5.00' })).toMatchObject({ to: 'admins', key: 'statement-entry:E1' });
    expect(approvalWaitingNotice('evt-1', '3')).toMatchObject({ to: 'admins', kind: 'approval_waiting', except: '3' });
  });
});

describe('the wording', () => {
  it('writes amounts as the reader does', () => {
    expect(groupedAmount('86623.28', 'zh-CN')).toBe('86,623.28');
    expect(groupedAmount('86623.28', 'de-DE')).toBe('86.623,28');
    expect(groupedAmount('100.00', 'en-US')).toBe('100.00');
    expect(groupedAmount('1234567', 'en-US')).toBe('1,234,567');
    const short: Notice = {
      to: payer,
      kind: 'money_short',
      key: 'k',
      order: { id: 'o', no: 'N' },
      facts: { paid_cny: '86623.28', shortfall_cny: '1000.00' },
    };
    expect(wordNotice(short, 'de-DE').body).toBe(
      'Wir haben CNY 86.623,28 erhalten; es fehlen noch CNY 1.000,00. Bitte zahlen Sie die Differenz.',
    );
  });

  it('fills every placeholder in every language', () => {
    const facts = {
      amount_cny: '1.00',
      deadline: 'd',
      shortfall_cny: '2.00',
      paid_cny: '3.00',
      note: 'n',
      status: '5',
      refunded_cny: '4.00',
      overpaid_cny: '5.00',
      entry_ref: 'E',
    };
    for (const locale of LOCALES) {
      for (const kind of NOTIFICATION_KINDS) {
        const notice = { to: 'admins', kind, key: 'k', order: { id: 'o', no: 'N-1' }, facts } as unknown as Notice;
        const { title, body } = wordNotice(notice, locale);
        expect(`${title} ${body}`).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it("words the bank's request in the payer's language", () => {
    const notice: Notice = {
      to: payer,
      kind: 'materials_requested',
      key: 'k',
      order: { id: 'o', no: 'PAY-1' },
      facts: { note: 'passport' },
    };
    expect(wordNotice(notice, 'zh-CN').title).toBe('订单 PAY-1 需要补充材料');
    expect(wordNotice(notice, 'de-DE').body).toBe('Die Bank bittet um weitere Unterlagen: passport');
    expect(wordNotice({ ...notice, kind: 'status_changed', facts: { status: '7' } }, 'en-US').title).toMatch(/^Order PAY-1: /);
    expect(Object.keys(NOTIFICATION_TEXTS['en-US'])).toEqual(Object.keys(NOTIFICATION_TEXTS['zh-CN']));
  });
});
