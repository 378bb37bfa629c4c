import { describe, expect, it } from 'vitest';
import { streamEvents } from '../../src/api/stream-events.js';
import { institutionStreamId } from '../../src/domain/index.js';
import { ACCOUNT, PAYER } from '../domain/support.js';
import { writtenState } from './support/back-office.js';
import { dataOf } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

const CHARITE = 996;
const NEW_IBAN = 'GB82WEST12345698765432';

/** Four eyes on what moves money (DESIGN.md section 12): a change is a proposal until a second admin approves it. */
describe.each(ENGINES)('approvals, on %s', (engine) => {
  const t = appForSuite(engine);
  const [proposer, approver, auditor, payer, secondApprover] = t.users('admin', 'admin', 'auditor', 'payer', 'admin');

  const charite = async () => dataOf<Record<string, unknown>>(await t.post('/api/v1/public/findResource', { id: CHARITE }), 'findResource');
  const chariteRecord = async (changes: Record<string, unknown>) => {
    const { updated_at: _updated, ...record } = await charite();
    return { record: { ...record, ...changes } };
  };
  const pending = async (state = 'pending') =>
    dataOf<{ id: string; kind: string; changes: { field: string; before: string; after: string }[]; decided_by: { id: number } | null }[]>(
      await t.post('/api/v1/manage/approvals', { state }, auditor.token),
      'approvals',
    );
  const propose = async (url: string, body: unknown, by = proposer) => {
    const response = await t.post(url, body, by.token);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ data: { approval_id: expect.any(String), message: '已提交审批' } });
    return (response.json() as { data: { approval_id: string } }).data.approval_id;
  };

  /** A Charité order of the payer through step 3 (the preset account recorded at step 2). */
  async function chariteDraft(): Promise<string> {
    const id = dataOf<{ id: string }>(
      await t.post('/api/v1/step/amount/create', { resource: CHARITE, amount: '5000', from: 'test' }, payer.token),
      'create',
    ).id;
    dataOf(await t.post('/api/v1/step/accept/update', { id, ...ACCOUNT }, payer.token), 'accept');
    dataOf(await t.post('/api/v1/step/send/update', { id, ...PAYER }, payer.token), 'send');
    return id;
  }

  it('makes a payee account change a proposal: nothing changes, the proposer cannot approve it, a second admin can; each step has its actor; only unconfirmed orders take the new account', async () => {
    const confirmed = await chariteDraft();
    dataOf(await t.post('/api/v1/step/check/update', { id: confirmed }, payer.token), 'confirm');
    const draft = await chariteDraft();

    const id = await propose('/api/v1/manage/updateResource', await chariteRecord({ account_no: NEW_IBAN }));
    expect((await charite())['account_no']).toBe('DE89370400440532013000');
    expect(
      dataOf<{ approvals_pending: number }>(await t.post('/api/v1/manage/statistic', {}, auditor.token), 'statistic').approvals_pending,
    ).toBe(1);
    const [listed] = await pending();
    expect(listed).toMatchObject({
      id,
      kind: 'institution',
      changes: [{ field: 'account_no', before: 'DE89370400440532013000', after: NEW_IBAN }],
    });

    const before = await writtenState(t);
    const own = await t.post('/api/v1/manage/approvals/approve', { id }, proposer.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'approval_own_proposal' });
    expect((await t.post('/api/v1/manage/approvals/approve', { id }, auditor.token)).statusCode).toBe(403);
    expect(await writtenState(t)).toBe(before);

    const approved = await t.post('/api/v1/manage/approvals/approve', { id }, approver.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ data: { message: '已生效' } });
    expect((await charite())['account_no']).toBe(NEW_IBAN);
    expect((await t.post('/api/v1/manage/approvals/approve', { id }, approver.token)).json()).toMatchObject({ code: 'approval_decided' });
    expect(await pending()).toEqual([]);
    expect((await pending('approved')).find((row) => row.id === id)?.decided_by?.id).toBe(approver.id);

    const events = await streamEvents(t.deps.eventStore, institutionStreamId(CHARITE));
    const change = events.at(-1)!;
    expect(change.metadata['actor']).toMatchObject({ id: String(approver.id), role: 'admin' });
    expect(change.data['approval']).toEqual({ id, proposed_by: String(proposer.id) });
    const proposal = await streamEvents(t.deps.eventStore, `approval-${id}`);
    expect(proposal.map((event) => [event.type, (event.metadata['actor'] as { id: string }).id])).toEqual([
      ['ChangeProposed', String(proposer.id)],
      ['ProposalApproved', String(approver.id)],
    ]);

    // The confirmed order keeps the account it locked; the draft cannot lock the old one: its
    // confirm is refused (nothing written) until step 2 records the account in force.
    const locked = dataOf<Record<string, unknown>>(await t.post('/api/v1/step/order/find', { id: confirmed }, payer.token), 'find');
    expect(locked['accept_account_no']).toBe('DE89370400440532013000');
    const unchanged = await writtenState(t);
    const refused = await t.post('/api/v1/step/check/update', { id: draft }, payer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'payee_account_changed' });
    expect(await writtenState(t)).toBe(unchanged);
    dataOf(await t.post('/api/v1/step/accept/update', { id: draft, ...ACCOUNT }, payer.token), 'step 2 again');
    expect(
      dataOf<Record<string, unknown>>(await t.post('/api/v1/step/order/find', { id: draft }, payer.token), 'find')['accept_account_no'],
    ).toBe(NEW_IBAN);
    dataOf(await t.post('/api/v1/step/check/update', { id: draft }, payer.token), 'confirm after looking again');
  });

  it('changes what moves no money at once', async () => {
    const response = await t.post('/api/v1/manage/updateResource', await chariteRecord({ name_en: 'Charité Berlin' }), proposer.token);
    expect(response.statusCode).toBe(200);
    expect((await charite())['name_en']).toBe('Charité Berlin');
  });

  it("makes a markup change a proposal, rejected with a reason by another admin; the seeded markups are the stream's first event", async () => {
    const markups = dataOf<Record<string, string>>(await t.post('/api/v1/manage/config/findBit', {}, proposer.token), 'findBit');
    const id = await propose('/api/v1/manage/config/updateBit', { ...markups, bit_eur: '0.02' });
    expect((await t.post('/api/v1/manage/approvals/reject', { id }, approver.token)).statusCode).toBe(422);
    const rejected = await t.post('/api/v1/manage/approvals/reject', { id, reason: '加价过高' }, approver.token);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(dataOf<Record<string, string>>(await t.post('/api/v1/manage/config/findBit', {}, proposer.token), 'findBit')['bit_eur']).toBe(
      '0.01',
    );
    expect((await pending('rejected')).find((row) => row.id === id)).toMatchObject({ reason: '加价过高' });

    const applied = await propose('/api/v1/manage/config/updateBit', { ...markups, bit_eur: '0.02' });
    dataOf(await t.post('/api/v1/manage/approvals/approve', { id: applied }, approver.token), 'approve');
    const history = dataOf<{
      events: { type: string; actor: { id: string }; changes: { field: string; before: string | null; after: string | null }[] }[];
    }>(await t.post('/api/v1/audit/settings/history', { stream: 'markups' }, auditor.token), 'history');
    expect(history.events[0]).toMatchObject({ type: 'MarkupsChanged', actor: { id: 'seed' } });
    expect(history.events.at(-1)!.changes).toEqual([{ field: 'bit_eur', before: '0.01', after: '0.02' }]);
  });

  it('refuses a proposal whose target moved on since (stale), and writes nothing', async () => {
    const markups = dataOf<Record<string, string>>(await t.post('/api/v1/manage/config/findBit', {}, proposer.token), 'findBit');
    const first = await propose('/api/v1/manage/config/updateBit', { ...markups, bit_usd: '0.03' });
    const second = await propose('/api/v1/manage/config/updateBit', { ...markups, bit_usd: '0.04' });
    dataOf(await t.post('/api/v1/manage/approvals/approve', { id: first }, approver.token), 'approve first');
    const before = await writtenState(t);
    const stale = await t.post('/api/v1/manage/approvals/approve', { id: second }, approver.token);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'approval_stale' });
    expect(await writtenState(t)).toBe(before);
  });

  it('decides a proposal once when two admins approve it at the same moment: one applies it, the other is told it is decided', async () => {
    const markups = dataOf<Record<string, string>>(await t.post('/api/v1/manage/config/findBit', {}, proposer.token), 'findBit');
    const id = await propose('/api/v1/manage/config/updateBit', { ...markups, bit_usd: '0.07' });
    const answers = await Promise.all([
      t.post('/api/v1/manage/approvals/approve', { id }, approver.token),
      t.post('/api/v1/manage/approvals/approve', { id }, secondApprover.token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ code: 'approval_decided' });
    const applied = (await streamEvents(t.deps.eventStore, 'settings-markups')).filter(
      (event) => (event.data['approval'] as { id?: string } | undefined)?.id === id,
    );
    expect(applied).toHaveLength(1);
    expect((await pending('approved')).filter((row) => row.id === id)).toHaveLength(1);
  });

  it('makes a role grant a proposal, while taking a role away is immediate', async () => {
    const user = await t.createUser();
    const id = await propose('/api/v1/manage/updateUser', { id: user.id, group: 1 });
    expect((await t.deps.db.selectFrom('users').select('group').where('id', '=', user.id).executeTakeFirstOrThrow()).group).toBe(0);
    dataOf(await t.post('/api/v1/manage/approvals/approve', { id }, approver.token), 'approve grant');
    expect((await t.deps.db.selectFrom('users').select('group').where('id', '=', user.id).executeTakeFirstOrThrow()).group).toBe(1);
    const revoke = await t.post('/api/v1/manage/updateUser', { id: user.id, group: 0 }, proposer.token);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ data: { group: 0 } });
  });

  it('names a proposal that does not exist, and refuses a malformed id', async () => {
    expect(
      (await t.post('/api/v1/manage/approvals/approve', { id: '00000000-0000-4000-8000-000000000000' }, approver.token)).statusCode,
    ).toBe(404);
    expect((await t.post('/api/v1/manage/approvals/approve', { id: 'nope' }, approver.token)).statusCode).toBe(422);
  });
});
