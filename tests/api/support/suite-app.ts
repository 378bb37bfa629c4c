import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type Engine, type TestApp, type TestUser } from './test-app.js';

/** The users.group of each role a test signs in as. */
export const GROUP_OF = { payer: 0, admin: 1, auditor: 2, warehouse: 3 } as const;
export type Role = keyof typeof GROUP_OF;

/** The app one describe block shares, and the users it signs in as. */
export interface SuiteApp extends TestApp {
  /** One signed-in user per role named (a role twice, two users), created as the app starts. */
  users<const R extends readonly Role[]>(...roles: R): { [I in keyof R]: TestUser };
}

/**
 * The setup most API test blocks share: starts the app, and the users asked for, before the block's
 * tests and closes it after them. Call it in the describe body: the app and the users it returns are
 * filled in as the app starts, so the block reads them in its hooks (registered later, they run
 * later) and tests.
 */
export function appForSuite(engine: Engine, overrides: Parameters<typeof startTestApp>[1] = {}): SuiteApp {
  const wanted: { role: Role; user: TestUser }[] = [];
  const suite = {
    users: (...roles: readonly Role[]) =>
      roles.map((role) => {
        const user = {} as TestUser;
        wanted.push({ role, user });
        return user;
      }),
  } as SuiteApp;

  beforeAll(async () => {
    const app = await startTestApp(engine, overrides);
    Object.assign(suite, app);
    await Promise.all(wanted.map(async ({ role, user }) => Object.assign(user, await app.createUser({ group: GROUP_OF[role] }))));
  });
  afterAll(async () => suite.close?.());
  return suite;
}
