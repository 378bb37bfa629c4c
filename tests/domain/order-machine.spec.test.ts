import { describe, expect, it } from 'vitest';
import {
  ORDER_COMMAND_TYPES,
  STATUSES,
  can,
  decide,
  evolve,
  type Actor,
  type OrderCommand,
  type OrderEvent,
  type OrderKind,
  type Status,
} from '../../src/domain/index.js';
import { sampleCommand } from './commands-for.js';
import {
  ACCOUNT,
  ACTORS,
  ADMIN,
  BANK,
  LINK_TOKEN,
  OWNER,
  PARTNER,
  PARTNER_STATUSES,
  PAYER,
  RESERVE,
  STRANGER,
  SYSTEM,
  T0,
  UPLOADER,
  confirm,
  contextFor,
  createdOnly,
  create,
  historyTo,
  play,
  stateAfter,
  submitPartner,
  upload,
  withFullPayment,
  overpaidHistoryTo,
  settledHistoryTo,
  withEverythingRefunded,
} from './support.js';
import { FINAL_STATUSES, TABLE, actorsOf, isFinal, rowsMatching } from './transition-table.js';

/** Given these events, when the command is decided, then … */
function given(events: readonly OrderEvent[]) {
  const state = stateAfter(events);
  return {
    when(command: OrderCommand, actor: Actor, now: string = T0) {
      const decision = decide(state, command, contextFor(actor, now));
      return {
        thenEvent(type: OrderEvent['type'], status: Status) {
          if (!decision.ok) throw decision.error;
          expect(decision.events.map((event) => event.type)).toEqual([type]);
          expect(decision.state.context.status).toBe(status);
          return decision.events[0]!;
        },
        thenRefused(reason: string) {
          expect(decision.ok).toBe(false);
          if (decision.ok) return;
          expect(decision.error.reason).toBe(reason);
          expect(decision.error.command).toBe(command.type);
          expect(decision.error.status).toBe(state.context.status);
          expect('events' in decision).toBe(false);
        },
      };
    },
  };
}

/** The link switched on, and one file sent through it (so a file list has something to change). */
const withLink = (events: OrderEvent[]) =>
  play(
    [
      [{ type: 'switchUploadLink', active: true, token: LINK_TOKEN }, ADMIN],
      [upload('through-link'), UPLOADER],
    ],
    events,
  );

/** A file the admin uploaded, not yet in the list (so a file list has something to change). */
const withAdminFile = (events: OrderEvent[]) => play([[upload('from-back-office'), ADMIN]], events);

describe('every row of the transition table', () => {
  const cases: { row: number; from: Status | 'none'; kind: OrderKind; label: string }[] = [];
  TABLE.forEach((row, index) => {
    for (const from of row.from) {
      for (const kind of row.kind ? [row.kind] : (['order', 'partner'] as const)) {
        if (kind === 'partner' && from !== 'none' && !PARTNER_STATUSES.includes(from)) continue; // a partner order starts in 4
        if (kind === 'partner' && row.actor === 'payer') continue; // and has no payer of ours
        cases.push({
          row: index,
          from,
          kind,
          label: `${row.event} by ${row.actor}${row.sets ? ` (${row.sets})` : ''} from ${from}, ${kind}`,
        });
      }
    }
  });

  it.each(cases)('$label', ({ row: index, from, kind }) => {
    const row = TABLE[index]!;
    const declared = from === 'none' ? [] : historyTo(from, kind);
    // Setting 5, 6 or 7 waits for the money: those rows start once it has arrived.
    const base =
      row.event === 'RefundRecorded'
        ? overpaidHistoryTo(from as Status, kind)
        : row.sets !== undefined && [5, 6, 7].includes(row.sets)
          ? withFullPayment(declared)
          : row.sets === 10
            ? withEverythingRefunded(declared)
            : declared;
    const history =
      row.actor === 'uploader' ? withLink(base) : row.event === 'FilesUpdated' && row.actor === 'admin' ? withAdminFile(base) : base;
    const state = stateAfter(history);
    const type = commandOf(row.event);
    const short =
      row.event === 'ShortPaymentReceived' || (row.event === 'BankCreditMatched' && (row.to === 12 || (row.to === 'same' && from === 12)));
    const sample = sampleCommand(type, state, short ? 'short' : 'full');
    const command: OrderCommand = row.sets !== undefined ? { type: 'setStatus', status: row.sets } : sample.command;
    const actor = row.actor === 'uploader' ? UPLOADER : row.actor === 'admin' ? ADMIN : sample.actor;
    const expected = row.to === 'same' ? (from as Status) : row.to === 'before13' ? 4 : row.to;
    const event = given(history).when(command, actor, sample.now).thenEvent(row.event, expected);
    expect(event.meta.actor).toEqual(actor);
    expect(event.meta.schema_version).toBe(1);
  });

  it.each([4, 5, 6] as const)('finish upload from 13 returns to %i, the status before 13', (before) => {
    given(historyTo(13, 'order', before))
      .when({ type: 'finishUpload' }, OWNER)
      .thenEvent('UploadFinished', before);
  });
});

const EVENT_OF_COMMAND: Record<OrderCommand['type'], OrderEvent['type'][]> = {
  createOrder: ['OrderCreated'],
  submitPartnerOrder: ['PartnerOrderSubmitted'],
  changeAmount: ['AmountChanged'],
  saveRecipientAccount: ['RecipientAccountSaved'],
  savePayerDetails: ['PayerDetailsSaved'],
  confirmOrder: ['OrderConfirmed'],
  choosePaymentMethod: ['PaymentMethodChosen'],
  uploadFile: ['FileUploaded'],
  updateFiles: ['FilesUpdated'],
  finishUpload: ['UploadFinished'],
  finishPay: ['PaymentFinished'],
  recordPayment: ['PaymentReceived', 'ShortPaymentReceived'],
  matchBankCredit: ['BankCreditMatched'],
  recordRefund: ['RefundRecorded'],
  postMessage: ['OrderMessagePosted'],
  requestMoreMaterials: ['MoreMaterialsRequested'],
  setStatus: ['OrderStatusSet'],
  cancelOrder: ['OrderCancelled'],
  expireOrder: ['OrderTimedOut'],
  switchUploadLink: ['UploadLinkSwitched'],
};
const commandOf = (event: OrderEvent['type']) => ORDER_COMMAND_TYPES.find((type) => EVENT_OF_COMMAND[type].includes(event))!;

describe('every command the table does not allow is refused and yields no event', () => {
  const cases = STATUSES.flatMap((status) => ORDER_COMMAND_TYPES.map((type) => ({ status, type })));

  it.each(cases)('status $status refuses $type unless a row allows it', ({ status, type }) => {
    const history = historyTo(status);
    const state = stateAfter(history);
    for (const variant of ['full', 'short'] as const) {
      const { command, actor, now } = sampleCommand(type, state, variant);
      const decision = decide(state, command, contextFor(actor, now));
      if (decision.ok) {
        const event = decision.events[0]!;
        const step = {
          kind: 'order' as const,
          from: status,
          event: event.type,
          actor: actor.role,
          sets: command.type === 'setStatus' ? command.status : undefined,
          to: decision.state.context.status!,
          statusBefore13: state.context.status_before_materials,
        };
        expect(rowsMatching(step), JSON.stringify(step)).not.toHaveLength(0);
      } else {
        expect(decision.error.status).toBe(status);
        expect(decision.error.command).toBe(type);
        const expected = isFinal(status)
          ? ['final_status']
          : ['not_allowed_in_status', 'order_exists', 'no_files', 'upload_link_unchanged', 'refund_exceeds_balance'];
        expect(expected).toContain(decision.error.reason);
      }
    }
  });
});

describe('refusals by rule', () => {
  it('refuses an amount of 2999 with the currency in the message', () => {
    const decision = decide(
      stateAfter([]),
      { type: 'createOrder', order_id: 'o', resource: { id: '1', name: 'x', currency: 'EUR' }, amount: '2999' },
      contextFor(OWNER),
    );
    expect(decision.ok).toBe(false);
    if (!decision.ok) {
      expect(decision.error.reason).toBe('amount_below_minimum');
      expect(decision.error.details).toEqual({ currency: 'EUR' });
    }
  });
  it('accepts exactly 3000', () => {
    given([])
      .when({ type: 'createOrder', order_id: 'o', resource: { id: '1', name: 'x', currency: 'EUR' }, amount: '3000' }, OWNER)
      .thenEvent('OrderCreated', 0);
  });
  it('refuses cents on a JPY amount', () => {
    given([])
      .when({ type: 'createOrder', order_id: 'o', resource: { id: '1', name: 'x', currency: 'JPY' }, amount: '3000.5' }, OWNER)
      .thenRefused('amount_too_many_decimals');
  });
  it('refuses a missing institution', () => {
    given([]).when({ type: 'createOrder', order_id: 'o', resource: null, amount: '5000' }, OWNER).thenRefused('institution_missing');
  });
  it('refuses creation by anyone but a payer', () => {
    for (const actor of [ADMIN, BANK, SYSTEM, UPLOADER]) {
      given([])
        .when({ type: 'createOrder', order_id: 'o', resource: { id: '1', name: 'x', currency: 'EUR' }, amount: '5000' }, actor)
        .thenRefused('actor_not_allowed');
    }
  });
  it('refuses a change of amount below the minimum', () => {
    given(historyTo(0)).when({ type: 'changeAmount', amount: '2999.99' }, OWNER).thenRefused('amount_below_minimum');
  });
  it("refuses another payer's command on the order as not the owner", () => {
    given(historyTo(0)).when({ type: 'cancelOrder' }, { id: 'user-2', role: 'payer' }).thenRefused('not_owner');
    given(historyTo(2)).when(upload('x'), { id: 'user-2', role: 'payer' }).thenRefused('not_owner');
  });
  it('refuses to confirm before the recipient and payer details are complete', () => {
    const decision = decide(
      stateAfter(createdOnly()),
      { type: 'confirmOrder', rate: '7.8', markup: '0.01', deadline_ms: 1000 },
      contextFor(OWNER),
    );
    expect(decision.ok).toBe(false);
    if (!decision.ok) {
      expect(decision.error.reason).toBe('details_incomplete');
      expect(decision.error.details.missing).toContain('accept_account_name');
    }
  });
  it('refuses to finish an upload without files', () => {
    const events = play([[{ type: 'updateFiles', files: [] }, OWNER]], historyTo(2));
    given(events).when({ type: 'finishUpload' }, OWNER).thenRefused('no_files');
  });
  it('refuses a file list naming a file not uploaded to this order', () => {
    given(historyTo(2))
      .when({ type: 'updateFiles', files: [{ uid: 'elsewhere' }] }, OWNER)
      .thenRefused('unknown_file');
  });
  it('builds the file list from the uploads, not from what the caller says', () => {
    const emptied = play([[{ type: 'updateFiles', files: [] }, OWNER]], historyTo(2));
    const event = given(emptied)
      .when({ type: 'updateFiles', files: [{ uid: 'passport' }, { uid: 'passport' }] }, OWNER)
      .thenEvent('FilesUpdated', 2);
    expect(event.data).toEqual({ files: [{ uid: 'passport', name: 'passport.pdf', status: 'done', url: '/files/passport' }] });
  });
  it("names uploads by the url the upload answered with, beside the client's own uid (as antd-style uploaders send them)", () => {
    const both = play([[upload('invoice'), OWNER]], historyTo(2));
    const sent = [
      { uid: 'rc-upload-1', url: '/files/passport' },
      { uid: 'rc-upload-2', url: 'https://pay.example.com/files/invoice' },
      { uid: 'passport' },
    ];
    const event = given(both).when({ type: 'updateFiles', files: sent }, OWNER).thenEvent('FilesUpdated', 2);
    expect(event.data).toEqual({
      files: [
        { uid: 'passport', name: 'passport.pdf', status: 'done', url: '/files/passport' },
        { uid: 'invoice', name: 'invoice.pdf', status: 'done', url: '/files/invoice' },
      ],
    });
    given(both)
      .when({ type: 'updateFiles', files: [{ uid: 'rc-upload-3', url: '/files/elsewhere' }] }, OWNER)
      .thenRefused('unknown_file');
    given(both)
      .when({ type: 'updateFiles', files: [{ uid: 'rc-upload-4' }] }, OWNER)
      .thenRefused('unknown_file');
  });
  it('refuses an uploader while the link is off, and after it is switched off again', () => {
    given(historyTo(4)).when(upload('x'), UPLOADER).thenRefused('upload_link_inactive');
    const off = play([[{ type: 'switchUploadLink', active: false, token: '' }, ADMIN]], withLink(historyTo(4)));
    given(off).when(upload('x'), UPLOADER).thenRefused('upload_link_inactive');
  });
  it('records the reserve account a bank-transfer payer is told to pay into, the order number as its postscript', () => {
    const event = given(historyTo(1))
      .when({ type: 'choosePaymentMethod', bank: 1, reserve: RESERVE }, OWNER)
      .thenEvent('PaymentMethodChosen', 2);
    expect(event.data).toEqual({ bank: 1, reserve: { ...RESERVE, postscript: stateAfter(historyTo(1)).context.order_no } });
    expect(stateAfter(historyTo(1)).context.order_no).toMatch(/^\d{8}-/);
    expect(given(historyTo(1)).when({ type: 'choosePaymentMethod', bank: 3 }, OWNER).thenEvent('PaymentMethodChosen', 2).data).toEqual({
      bank: 3,
    });
    given(historyTo(1)).when({ type: 'choosePaymentMethod', bank: 1 }, OWNER).thenRefused('transfer_account_missing');
    // Scan payment is refused above its CNY 50,000 limit (10,000 EUR at 7.89 is about CNY 78,904).
    const large = play(
      [
        [{ type: 'changeAmount', amount: '10000' }, OWNER],
        [confirm, OWNER],
      ],
      historyTo(0),
    );
    given(large).when({ type: 'choosePaymentMethod', bank: 3 }, OWNER).thenRefused('scan_above_limit');
    given(large).when({ type: 'choosePaymentMethod', bank: 1, reserve: RESERVE }, OWNER).thenEvent('PaymentMethodChosen', 2);
    given(historyTo(1))
      .when({ type: 'choosePaymentMethod', bank: 1, reserve: { ...RESERVE, account_no: ' ' } }, OWNER)
      .thenRefused('transfer_account_missing');
  });
  it("takes 'finish pay' as the payer's declaration of a bank transfer only: card and scan payments are confirmed by their provider", () => {
    const scan = play([[{ type: 'choosePaymentMethod', bank: 3 }, OWNER]], historyTo(2));
    given(scan).when({ type: 'finishPay' }, OWNER).thenRefused('confirmed_by_provider');
    given(historyTo(2)).when({ type: 'finishPay' }, OWNER).thenEvent('PaymentFinished', 4);
    const short = play([[{ type: 'recordPayment', payment_id: 'p1', amount_cny: '1.00' }, BANK]], scan);
    given(short).when({ type: 'finishPay' }, OWNER).thenRefused('confirmed_by_provider');
  });
  it('refuses the timeout before the deadline', () => {
    given(historyTo(1)).when({ type: 'expireOrder' }, SYSTEM, '2026-11-24T09:59:59.999Z').thenRefused('deadline_not_reached');
    given(historyTo(1)).when({ type: 'expireOrder' }, SYSTEM, '2026-11-24T10:00:00.000Z').thenEvent('OrderTimedOut', 11);
  });
  it('refuses a payment counted before', () => {
    given(historyTo(12))
      .when({ type: 'recordPayment', payment_id: 'pay-short', amount_cny: '100.00' }, BANK)
      .thenRefused('payment_already_recorded');
  });
  it('counts a top-up that is still short and waits in 12 for the rest', () => {
    const twice = play([[{ type: 'recordPayment', payment_id: 'pay-short-2', amount_cny: '200.00' }, BANK]], historyTo(12));
    expect(stateAfter(twice).context).toMatchObject({ status: 12, paid_cny: '300.00' });
    const rest = (Number(stateAfter(twice).context.price!.cny_amount) - 300).toFixed(2);
    given(twice).when({ type: 'recordPayment', payment_id: 'pay-rest', amount_cny: rest }, BANK).thenEvent('PaymentReceived', 4);
  });
  it('refuses a payment the order could not hold', () => {
    given(historyTo(2))
      .when({ type: 'recordPayment', payment_id: 'huge', amount_cny: '9999999999999999999.00' }, BANK)
      .thenRefused('invalid_payment_amount');
  });
  it("refuses the payer's 'finish pay' once the deadline has passed, but not the bank's payment", () => {
    given(historyTo(2)).when({ type: 'finishPay' }, OWNER, '2026-11-24T10:00:00.000Z').thenRefused('deadline_passed');
    given(historyTo(3)).when({ type: 'finishPay' }, OWNER, '2026-11-24T10:00:00.000Z').thenRefused('deadline_passed');
    given(historyTo(2)).when({ type: 'finishPay' }, OWNER, '2026-11-24T09:59:59.999Z').thenEvent('PaymentFinished', 4);
    const full = stateAfter(historyTo(2)).context.price!.cny_amount;
    given(historyTo(2))
      .when({ type: 'recordPayment', payment_id: 'late', amount_cny: full }, BANK, '2026-11-24T10:00:00.000Z')
      .thenEvent('PaymentReceived', 4);
  });
  it('counts a top-up: short then the rest reaches 4', () => {
    const state = stateAfter(historyTo(12));
    const rest = (Number(state.context.price!.cny_amount) - 100).toFixed(2);
    given(historyTo(12)).when({ type: 'recordPayment', payment_id: 'pay-rest', amount_cny: rest }, BANK).thenEvent('PaymentReceived', 4);
  });
  it('refuses a status the admin may not set, naming it invalid when it is no status at all', () => {
    given(historyTo(4)).when({ type: 'setStatus', status: 8 }, ADMIN).thenRefused('not_allowed_in_status');
    given(historyTo(4)).when({ type: 'setStatus', status: 14 }, ADMIN).thenRefused('invalid_status');
    given(historyTo(4)).when({ type: 'setStatus', status: 5 }, OWNER).thenRefused('actor_not_allowed');
  });
  it('refuses the partner variant 6, and 7 or 9 from 6 or 12', () => {
    given(historyTo(4, 'partner')).when({ type: 'setStatus', status: 6 }, ADMIN).thenRefused('not_allowed_in_status');
    given(historyTo(13, 'partner')).when({ type: 'setStatus', status: 9 }, ADMIN).thenRefused('not_allowed_in_status');
    given(historyTo(4, 'order')).when({ type: 'setStatus', status: 7 }, ADMIN).thenRefused('not_allowed_in_status');
  });
  it('refuses a bank call from a payer', () => {
    given(historyTo(4)).when({ type: 'requestMoreMaterials' }, OWNER).thenRefused('actor_not_allowed');
  });
  it('locks rate, markup and CNY amount and sets the deadline on confirm', () => {
    const events = historyTo(1);
    const confirmed = events.find((event) => event.type === 'OrderConfirmed')!;
    expect(confirmed.data).toEqual({
      price: { rate: '7.8123', markup: '0.01', reserved_amount_rate: '7.890423', cny_amount: '39452.12' },
      deadline_date: '2026-11-24T10:00:00.000Z',
    });
  });
  it('copies the patient into the payer for 本人 even when the caller did not', () => {
    const event = given(createdOnly())
      .when({ type: 'savePayerDetails', payer: { ...PAYER, payer_last_name: '李', payer_idcode: '' } }, OWNER)
      .thenEvent('PayerDetailsSaved', 0);
    expect(event.data).toMatchObject({ payer: { payer_last_name: '张', payer_first_name: '三丰', payer_idcode: '110101199003071234' } });
  });
  it('fills pinyin and copies the patient into the payer for 本人', () => {
    const saved = historyTo(1).find((event) => event.type === 'PayerDetailsSaved')!;
    expect(saved.data).toMatchObject({
      payer: {
        student_last_name_pinyin: 'Zhang',
        student_first_name_pinyin: 'Sanfeng',
        payer_last_name: '张',
        payer_first_name: '三丰',
        payer_idcode: '110101199003071234',
      },
    });
  });
});

/** The statuses an order of each kind can reach (a partner order never reaches 6). */
const reachable = (kind: OrderKind) => (kind === 'partner' ? PARTNER_STATUSES : STATUSES);

describe('the admin sets a status exactly where the table allows it', () => {
  const cases = (['order', 'partner'] as const).flatMap((kind) =>
    reachable(kind).flatMap((from) => STATUSES.map((to) => ({ kind, from, to }))),
  );

  it.each(cases)('$kind in $from, set $to', ({ kind, from, to }) => {
    const allowed = rowsMatching({ kind, from, event: 'OrderStatusSet', actor: 'admin', sets: to, to, statusBefore13: null }).length > 0;
    // In 4 the money has arrived too (a payment elsewhere would move the order); in 9 it has gone back.
    const history = settledHistoryTo(from, kind);
    const then = given(history).when({ type: 'setStatus', status: to }, ADMIN);
    if (allowed) then.thenEvent('OrderStatusSet', to);
    else then.thenRefused(isFinal(from) ? 'final_status' : 'not_allowed_in_status');
  });
});

describe('an order moves on money, not on a claim', () => {
  it.each([5, 6] as const)(
    'a transfer the payer declared, with no money arrived, cannot be set to %i: the refusal names what is due',
    (to) => {
      const declared = historyTo(4);
      const decision = decide(stateAfter(declared), { type: 'setStatus', status: to }, contextFor(ADMIN));
      expect(decision.ok).toBe(false);
      if (decision.ok) return;
      expect(decision.error.reason).toBe('funds_missing');
      const due_cny = stateAfter(declared).context.price!.cny_amount;
      expect(decision.error.details).toEqual({ due_cny, received_cny: '0.00', refunded_cny: '0.00', refundable_cny: '0.00' });
      expect(can(stateAfter(declared), { type: 'setStatus', status: to }, ADMIN, T0)).toBe(false);
    },
  );

  it('a short payment after the declaration waits in 12; the rest of it lets the admin confirm receipt', () => {
    const declared = historyTo(4);
    const short = play([[{ type: 'recordPayment', payment_id: 'part-1', amount_cny: '100.00' }, BANK]], declared);
    expect(stateAfter(short).context.status).toBe(12);
    given(short).when({ type: 'setStatus', status: 5 }, ADMIN).thenRefused('not_allowed_in_status');
    const paid = withFullPayment(short);
    expect(stateAfter(paid).context.status).toBe(4);
    given(paid).when({ type: 'setStatus', status: 5 }, ADMIN).thenEvent('OrderStatusSet', 5);
  });
});

/** Rows only the order's owner may take (any payer may create an order). */
const isOwnersRow = (row: (typeof TABLE)[number]) => row.actor === 'payer' && row.event !== 'OrderCreated';

describe('every row refuses every other actor', () => {
  const cases = TABLE.flatMap((row, index) =>
    ACTORS.filter((actor) => !actorsOf(row.event).includes(actor.role) || (isOwnersRow(row) && actor === STRANGER)).map((actor) => ({
      index,
      actor,
      label: `${row.event}${row.sets ? ` (${row.sets})` : ''} by ${actor.id}`,
    })),
  );

  it.each(cases)('$label', ({ index, actor }) => {
    const row = TABLE[index]!;
    const from = row.from[0]!;
    const kind = row.kind ?? 'order';
    const history = from === 'none' ? [] : historyTo(from, kind);
    const sample = sampleCommand(commandOf(row.event), stateAfter(history));
    const command: OrderCommand = row.sets !== undefined ? { type: 'setStatus', status: row.sets } : sample.command;
    const expected = isOwnersRow(row) && actor === STRANGER ? 'not_owner' : 'actor_not_allowed';
    given(history).when(command, actor, sample.now).thenRefused(expected);
  });
});

describe('a command that changes nothing is refused', () => {
  it('saving the same recipient account again', () => {
    given(historyTo(0)).when({ type: 'saveRecipientAccount', account: ACCOUNT }, OWNER).thenRefused('unchanged');
  });
  it('the same amount again, written differently', () => {
    given(historyTo(0)).when({ type: 'changeAmount', amount: '5000.00' }, OWNER).thenRefused('unchanged');
  });
  it('the same payment method again in status 2, while another one is taken', () => {
    given(historyTo(2)).when({ type: 'choosePaymentMethod', bank: 1, reserve: RESERVE }, OWNER).thenRefused('unchanged');
    given(historyTo(2)).when({ type: 'choosePaymentMethod', bank: 3 }, OWNER).thenEvent('PaymentMethodChosen', 2);
  });
  it('the same file list again', () => {
    given(historyTo(2))
      .when({ type: 'updateFiles', files: [{ uid: 'passport' }] }, OWNER)
      .thenRefused('unchanged');
  });
  it('is still a command the order takes, for can()', () => {
    expect(can(stateAfter(historyTo(2)), { type: 'updateFiles', files: [{ uid: 'passport' }] }, OWNER, T0)).toBe(true);
    expect(can(stateAfter(historyTo(2)), { type: 'choosePaymentMethod', bank: 3 }, OWNER, T0)).toBe(true);
    expect(can(stateAfter(historyTo(4)), { type: 'updateFiles', files: [{ uid: 'passport' }] }, OWNER, T0)).toBe(false);
  });
});

describe('a final status closes the public upload link', () => {
  const linkOn: [OrderCommand, Actor] = [{ type: 'switchUploadLink', active: true, token: LINK_TOKEN }, ADMIN];
  const toFinal: Record<number, [OrderCommand, Actor, string?][]> = {
    7: [
      [{ type: 'setStatus', status: 5 }, ADMIN],
      [{ type: 'setStatus', status: 7 }, ADMIN],
    ],
    8: [[{ type: 'cancelOrder' }, OWNER]],
    10: [
      [{ type: 'setStatus', status: 9 }, ADMIN],
      [{ type: 'recordRefund', amount_cny: '39452.12', reference: 'RF-all', reason: 'payer withdrew' }, ADMIN],
      [{ type: 'setStatus', status: 10 }, ADMIN],
    ],
    11: [[{ type: 'expireOrder' }, SYSTEM, '2026-11-24T10:00:00.000Z']],
  };
  const before: Record<number, Status> = { 7: 4, 8: 1, 10: 4, 11: 1 };

  it.each(FINAL_STATUSES.map((status) => ({ status })))('in status $status', ({ status }) => {
    const open = play([linkOn], withFullPayment(historyTo(before[status]!)));
    expect(stateAfter(open).context.active_upload_document).toBe(true);
    const closed = stateAfter(play(toFinal[status]!, open)).context;
    expect(closed.status).toBe(status);
    expect(closed.active_upload_document).toBe(false);
    expect(closed.upload_document_token).toBeNull();
  });
});

describe('bad input to the decider itself', () => {
  it('throws on a clock value or event id that replay could not read back', () => {
    const state = stateAfter(historyTo(0));
    for (const now of ['2026-11-21', 'Sat, 21 Nov 2026 10:00:00 GMT', 'not a date']) {
      expect(() => decide(state, { type: 'cancelOrder' }, contextFor(OWNER, now))).toThrow(TypeError);
    }
    expect(() => decide(state, { type: 'cancelOrder' }, { ...contextFor(OWNER), eventId: '' })).toThrow(TypeError);
  });
  it('refuses a deadline no date can hold, instead of throwing', () => {
    for (const deadline_ms of [1e20, Number.POSITIVE_INFINITY, Number.NaN, 0, -1, 1.5]) {
      given(historyTo(0))
        .when({ ...confirm, deadline_ms } as OrderCommand, OWNER)
        .thenRefused('invalid_price');
    }
  });
  it('confirms at the rate the payer was shown, and refuses one that moved (or is no number) meanwhile', () => {
    // 7.8123 × 1.01 = 7.890423
    const event = given(historyTo(0))
      .when({ ...confirm, expected_rate: '7.890423' } as OrderCommand, OWNER)
      .thenEvent('OrderConfirmed', 1);
    expect(event.data).toMatchObject({ price: { reserved_amount_rate: '7.890423' } });
    for (const expected_rate of ['7.890424', '7.89', 'abc', '']) {
      given(historyTo(0))
        .when({ ...confirm, expected_rate } as OrderCommand, OWNER)
        .thenRefused('quote_changed');
    }
    // The CNY amount shown is checked too: the amount may have changed in another tab.
    const cny = (event.data as { price: { cny_amount: string } }).price.cny_amount;
    given(historyTo(0))
      .when({ ...confirm, expected_rate: '7.890423', expected_cny: cny } as OrderCommand, OWNER)
      .thenEvent('OrderConfirmed', 1);
    for (const expected_cny of ['1.00', 'x', '']) {
      given(historyTo(0))
        .when({ ...confirm, expected_rate: '7.890423', expected_cny } as OrderCommand, OWNER)
        .thenRefused('quote_changed');
    }
  });
  it('refuses an amount in a currency the product does not handle', () => {
    const resource = { id: '1', name: 'x', currency: 'CHF' } as unknown as Parameters<typeof createdOnly>[0] & { id: string };
    given([])
      .when({ type: 'createOrder', order_id: 'o', resource, amount: '5000' } as unknown as OrderCommand, OWNER)
      .thenRefused('unknown_currency');
  });
  it('does not replay a file event onto an order that was never created', () => {
    const [uploaded] = play([[upload('x'), UPLOADER]], withLink(historyTo(4))).slice(-1);
    expect(() => evolve(stateAfter([]), uploaded!)).toThrow(/cannot follow/);
  });
});

describe('partner orders', () => {
  it('given nothing, when a partner submits its order, then it is transferred (4) with its price and paid in full', () => {
    const event = given([]).when(submitPartner('5000'), PARTNER).thenEvent('PartnerOrderSubmitted', 4);
    const state = stateAfter([event]);
    expect(state.context).toMatchObject({ kind: 'partner', owner_id: '', status: 4, partner: { gic_order_id: 'GIC-2026-0001' } });
    // 5000 × 7.9012 + 50.00 fee
    expect(state.context.price).toEqual({ rate: '7.9012', markup: '0', reserved_amount_rate: '7.9012', cny_amount: '39556.00' });
    expect(state.context.paid_cny).toBe('39556.00');
  });
  it('refuses a partner order with a rate, fee or profit no partner could mean', () => {
    const bad = (changes: Record<string, string>) => {
      const command = submitPartner() as Extract<OrderCommand, { type: 'submitPartnerOrder' }>;
      return { ...command, partner: { ...command.partner, ...changes } };
    };
    const changesList: Record<string, string>[] = [
      { gic_rate: '0' },
      { gic_rate: 'x' },
      { cny_fee: '-1' },
      { gic_profit: '1.234' },
      { gic_order_id: ' ' },
    ];
    for (const changes of changesList) {
      given([]).when(bad(changes), PARTNER).thenRefused('invalid_partner_order');
    }
    given([]).when(submitPartner('2999'), PARTNER).thenRefused('amount_below_minimum');
  });
  it('takes partner orders only from a partner, and ordinary orders only from a payer', () => {
    given([]).when(submitPartner(), OWNER).thenRefused('actor_not_allowed');
    given([]).when(submitPartner(), ADMIN).thenRefused('actor_not_allowed');
    given([]).when(create('partner'), OWNER).thenRefused('rule_failed');
    given(historyTo(4, 'partner')).when(submitPartner(), PARTNER).thenRefused('order_exists');
  });
  it('lets an admin add files and finish the materials of a partner order in 13, which has no payer', () => {
    const uploaded = play([[upload('bank-form'), ADMIN]], historyTo(13, 'partner'));
    given(uploaded).when({ type: 'finishUpload' }, ADMIN).thenEvent('UploadFinished', 4);
    given(historyTo(13, 'partner')).when({ type: 'finishUpload' }, OWNER).thenRefused('not_owner');
  });
});
