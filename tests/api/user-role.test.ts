import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openRuntime } from '../../src/runtime.js';
import { runTs } from './support/server-process.js';

const SCRIPT = 'scripts/user-role.ts';

/** On the embedded database (the script opens the server's own configuration, like user:create-admin). */
describe('npm run user:role', () => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir });
  const groupOf = async (email: string) => {
    const runtime = await openRuntime(loadConfig({ ...env(), LOG_LEVEL: 'silent' }));
    try {
      const user = await runtime.deps.db.selectFrom('users').select('group').where('email', '=', email).executeTakeFirst();
      const events = await runtime.deps.eventStore.readAll({ maxCount: 1000 });
      return { group: user?.group, roleEvents: events.events.filter((event) => event.type === 'UserGroupChanged').length };
    } finally {
      await runtime.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pay-role-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('sets a role as an event, refuses unknown users and groups, and keeps the last admin', async () => {
    const made = await runTs(SCRIPT, ['payer@example.com', '2'], env());
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('group 2 (auditor)');
    expect(await groupOf('payer@example.com')).toEqual({ group: 2, roleEvents: 1 });

    const unknownGroup = await runTs(SCRIPT, ['payer@example.com', '9'], env());
    expect(unknownGroup.code).toBe(2);
    expect(unknownGroup.output).toContain('unknown group');
    const unknownUser = await runTs(SCRIPT, ['nobody@example.com', '1'], env());
    expect(unknownUser.code).toBe(2);
    expect(unknownUser.output).toContain('No such user');
    // The demo seeds two admins (four eyes): the second may go, the last may not.
    expect((await runTs(SCRIPT, ['admin2@example.com', '0'], env())).code).toBe(0);
    const lastAdmin = await runTs(SCRIPT, ['admin@example.com', '0'], env());
    expect(lastAdmin.code).toBe(2);
    expect(lastAdmin.output).toContain('At least one administrator must remain');
    // The payer's new role and the second admin's demotion; the refused demotion wrote nothing.
    expect(await groupOf('admin@example.com')).toEqual({ group: 1, roleEvents: 2 });
  }, 180_000); // several command-line processes, each starting the runtime
});
