import { describe, expect, it } from 'vitest';
import { dataOf } from './support/fixtures.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES } from './support/test-app.js';

interface Page {
  items: { id: string }[];
  next_cursor: string | null;
}

/** Follows next_cursor from the first page to the last, as the bell and the admin list do. */
async function everyPage(fetchPage: (cursor?: string) => Promise<Page>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await fetchPage(cursor);
    pages += 1;
    ids.push(...page.items.map((item) => item.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { ids, pages };
}

describe.each(ENGINES)('newest-first pages of notifications and failed deliveries on %s', (engine) => {
  const suite = appForSuite(engine);
  const [payer, other, admin] = suite.users('payer', 'payer', 'admin');
  // Ten rows share each second: the pages must keep ties in order and lose or repeat none.
  const at = (index: number) => new Date(Date.UTC(2026, 10, 1, 8, 0, Math.floor(index / 10)));

  it('pages a user’s 65 notifications, newest first, each once, and none of another user’s', async () => {
    const rows = Array.from({ length: 65 }, (_, index) => ({
      id: `n-${String(index).padStart(3, '0')}`,
      user_id: payer.id,
      source_key: `test:${index}`,
      kind: 'payer_message',
      order_id: null,
      order_no: null,
      title: 't',
      body: 'b',
      created_at: at(index),
    }));
    await suite.deps.db.insertInto('notifications').values(rows).execute();
    await suite.deps.db
      .insertInto('notifications')
      .values({ ...rows[0]!, id: 'n-other', user_id: other.id })
      .execute();

    const { ids, pages } = await everyPage(async (cursor) =>
      dataOf<Page>(await suite.post('/api/v1/notifications', cursor ? { cursor } : {}, payer.token), 'notifications'),
    );
    const expected = rows.map((row) => row.id).sort((a, b) => b.localeCompare(a));
    expect(ids).toEqual(expected);
    expect(pages).toBe(3);
  });

  it('pages the failed deliveries for admins by the time they failed, ties by id', async () => {
    const rows = Array.from({ length: 31 }, (_, index) => ({
      source_key: `test:${index}`,
      user_id: payer.id,
      channel: 'email' as const,
      kind: 'payer_message',
      order_no: null,
      payload: JSON.stringify({ channel: 'email', to: 'a@b.c', subject: 's', text: 't', html: 'h' }),
      attempts: 5,
      next_attempt_at: at(index),
      failed_at: at(index),
      created_at: at(index),
    }));
    const inserted = await suite.deps.db.insertInto('notification_deliveries').values(rows).returning('id').execute();

    const { ids, pages } = await everyPage(async (cursor) =>
      dataOf<Page>(await suite.post('/api/v1/manage/notifications/failed', cursor ? { cursor } : {}, admin.token), 'failed'),
    );
    // Newest failure first; within a second the higher id first.
    const byFailure = inserted.map((row, index) => ({ id: String(row.id), index }));
    byFailure.sort((a, b) => Math.floor(b.index / 10) - Math.floor(a.index / 10) || Number(b.id) - Number(a.id));
    expect(ids).toEqual(byFailure.map((row) => row.id));
    expect(pages).toBe(2);
  });

  it('answers a cursor that names nothing with the first page', async () => {
    const first = dataOf<Page>(await suite.post('/api/v1/notifications', { cursor: 'not-a-cursor' }, payer.token), 'first page');
    expect(first.items[0]?.id).toBe('n-064');
  });
});
