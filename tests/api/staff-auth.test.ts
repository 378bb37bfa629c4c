import { generate } from 'otplib';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { adminPasswordProblem, createOrPromoteAdmin } from '../../src/api/auth/admin-account.js';
import { openSession, startSessionSweeper, sweepSessions } from '../../src/api/auth/sessions.js';
import { changeUserGroup } from '../../src/api/manage/user-group-change.js';
import { eraseUser } from '../../src/api/privacy/erase-user.js';
import { productionEnv } from './support/production-env.js';
import { SoftPasskey } from './support/soft-passkey.js';
import { appForSuite } from './support/suite-app.js';
import { ENGINES, type TestApp, type TestUser } from './support/test-app.js';
import { expectRefusal } from './support/refusals.js';

/**
 * DESIGN.md section 12 through real HTTP: sessions that end (log out, sign out everywhere, staff
 * tokens of 8 hours, password/role change, erasure and a new admin password end every token at
 * once), the staff's second factor (TOTP with recovery codes, passkeys, enforced in production),
 * the password policy and rate limits counted per route.
 */

const HOUR_MS = 3600 * 1000;
const ADMIN = { id: 'admin-test', role: 'admin' as const };
const UNAUTHORIZED = { status: 401, code: 'unauthorized', message: '未登录，请您先登录', errors: {} };
const STAFF_PASSWORD = 'staff-password-2026';

let emailCount = 0;
const freshEmail = () => `staff-auth-${Date.now()}-${++emailCount}@example.com`;

/** The TOTP code an authenticator app shows at the test clock's time. */
const codeAt = (secret: string, t: TestApp) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

describe.each(ENGINES)('staff sign-in on %s', (engine) => {
  const t = appForSuite(engine);

  const currentUser = (token?: string) => t.post('/api/v1/auth/user', {}, token);
  const login = (email: string, password: string) => t.post('/api/v1/auth/login', { email, password });
  const staff = (group = 1) => t.createUser({ group, email: freshEmail(), password: STAFF_PASSWORD });

  /** Enrols an authenticator app for the user and answers its secret and recovery codes. */
  const enrolTotp = async (user: TestUser) => {
    const setup = await t.post('/api/v1/auth/mfa/totp/setup', {}, user.token);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json().data;
    const confirmed = await t.post('/api/v1/auth/mfa/totp/confirm', { code: await codeAt(secret, t) }, user.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret: secret as string, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
  };
  const mfaTokenOf = async (user: TestUser) => {
    const response = await login(user.email, user.password);
    expect(response.json().data.mfa_required, response.body).toBe(true);
    return response.json().data.mfa_token as string;
  };
  const verify = (body: Record<string, unknown>) => t.post('/api/v1/auth/mfa/verify', body);

  describe('log out', () => {
    it('ends this token only, and answers a message', async () => {
      const user = await t.createUser({ email: freshEmail(), password: 'payer-password-1' });
      const other = (await login(user.email, user.password)).json().data.access_token;
      const response = await t.post('/api/v1/auth/logout', {}, user.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { message: '已退出登录' } });
      expect((await currentUser(user.token)).json()).toEqual(UNAUTHORIZED);
      expect((await currentUser(other)).statusCode).toBe(200);
      expect((await t.post('/api/v1/auth/logout', {}, user.token)).statusCode).toBe(401);
    });

    it('ends every session of the user with everywhere: true, and nobody else’s', async () => {
      const user = await t.createUser({ email: freshEmail(), password: 'payer-password-1' });
      const bystander = await t.createUser();
      const other = (await login(user.email, user.password)).json().data.access_token;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        payload: { everywhere: true },
        headers: { authorization: `Bearer ${other}`, 'accept-language': 'en-US' },
      });
      expect(response.json()).toEqual({ data: { message: 'You have been signed out on every device' } });
      expect((await currentUser(user.token)).statusCode).toBe(401);
      expect((await currentUser(other)).statusCode).toBe(401);
      expect((await currentUser(bystander.token)).statusCode).toBe(200);
      // A new login opens a new session.
      expect((await currentUser((await login(user.email, user.password)).json().data.access_token)).statusCode).toBe(200);
    });

    it('answers 401 without a token and 422 for a body that is not one', async () => {
      expect((await t.post('/api/v1/auth/logout', {})).json()).toEqual(UNAUTHORIZED);
      const user = await t.createUser();
      expect((await t.post('/api/v1/auth/logout', { everywhere: 'yes' }, user.token)).statusCode).toBe(422);
      expect((await currentUser(user.token)).statusCode).toBe(200);
    });

    it('refuses a token without a session, or naming another user’s session', async () => {
      const user = await t.createUser();
      const victim = await t.createUser();
      const claims = JSON.parse(Buffer.from(victim.token.split('.')[1]!, 'base64url').toString());
      const { issuer, audience } = t.deps.config.jwt;
      const forge = (payload: Record<string, unknown>) =>
        new SignJWT(payload)
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(user.id))
          .setIssuer(issuer)
          .setAudience(audience)
          .setIssuedAt(claims.iat)
          .setExpirationTime(claims.exp)
          .setJti('forged')
          .sign(t.deps.jwtSecret);
      for (const token of [await forge({}), await forge({ sid: 'no-such-session' }), await forge({ sid: claims.sid })]) {
        expect((await currentUser(token)).json()).toEqual(UNAUTHORIZED);
      }
    });
  });

  describe('how long a session lives', () => {
    it('ends a staff token after 8 hours and a payer token after 7 days', async () => {
      const admin = await staff();
      const payer = await t.createUser();
      const staffLogin = (await login(admin.email, admin.password)).json().data.access_token;
      const claims = JSON.parse(Buffer.from(staffLogin.split('.')[1], 'base64url').toString());
      expect(claims.exp - claims.iat).toBe(8 * 3600);
      t.clock.advance(8 * HOUR_MS - 1000);
      for (const token of [admin.token, staffLogin, payer.token]) expect((await currentUser(token)).statusCode).toBe(200);
      t.clock.advance(2000);
      for (const token of [admin.token, staffLogin]) expect((await currentUser(token)).statusCode).toBe(401);
      expect((await currentUser(payer.token)).statusCode).toBe(200);
      t.clock.advance(7 * 24 * HOUR_MS - 8 * HOUR_MS);
      expect((await currentUser(payer.token)).statusCode).toBe(401);
    });
  });

  describe('the sessions table', () => {
    it('forgets sessions a day past their end or expiry, and keeps the others', async () => {
      const ended = await t.createUser();
      const open = await t.createUser();
      await t.post('/api/v1/auth/logout', {}, ended.token);
      const ids = async (userId: number) =>
        (await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;
      await sweepSessions(t.deps, new Date(t.clock.now().getTime() + 23 * HOUR_MS));
      expect([await ids(ended.id), await ids(open.id)]).toEqual([1, 1]);
      await sweepSessions(t.deps, new Date(t.clock.now().getTime() + 25 * HOUR_MS));
      expect([await ids(ended.id), await ids(open.id)]).toEqual([0, 1]);
      expect((await currentUser(open.token)).statusCode).toBe(200);
      await sweepSessions(t.deps, new Date(t.clock.now().getTime() + 8 * 24 * HOUR_MS + HOUR_MS));
      expect(await ids(open.id)).toBe(0);
    });

    it('never ends a session on a login, even under a clock a month ahead', async () => {
      const kept = await t.createUser();
      const later = t.clock.now().getTime() + 30 * 24 * HOUR_MS;
      t.clock.set(new Date(later));
      // Once a sweep ran on about one login in 200; 600 logins leave that no chance to hide.
      for (let login = 0; login < 600; login += 1) await openSession(t.deps, { id: kept.id, group: 0, sessions_valid_after: new Date(0) });
      t.clock.set(new Date(later - 30 * 24 * HOUR_MS));
      expect((await currentUser(kept.token)).statusCode).toBe(200);
    });

    it('is swept every interval by the sweeper, which stops', async () => {
      const ended = await t.createUser();
      await t.post('/api/v1/auth/logout', {}, ended.token);
      const count = async () => (await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', ended.id).execute()).length;
      const clock = { now: () => new Date(t.clock.now().getTime() + 25 * HOUR_MS) };
      const sweeper = startSessionSweeper({ db: t.deps.db, clock }, (error) => expect.fail(String(error)), 20);
      await vi.waitFor(async () => expect(await count()).toBe(0), { timeout: 5_000 });
      await sweeper.stop();
      const again = await t.createUser();
      await t.post('/api/v1/auth/logout', {}, again.token);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', again.id).execute()).toHaveLength(1);
    });
  });

  describe('changes that end every session at once', () => {
    /** A user with a token issued one millisecond before `change` runs, in the same second. */
    const tokenJustBefore = async (change: (user: TestUser) => Promise<void>, group = 0) => {
      t.clock.set(new Date('2026-12-01T09:00:00.500Z'));
      const user = await t.createUser({ group, email: freshEmail(), password: group === 0 ? 'payer-password-1' : STAFF_PASSWORD });
      expect((await currentUser(user.token)).statusCode).toBe(200);
      t.clock.advance(1);
      await change(user);
      return user;
    };

    it('a password reset', async () => {
      const user = await tokenJustBefore(async (u) => {
        await t.post('/api/v1/auth/forgot-password', { email: u.email });
        const query = new URL(/http\S+/.exec(t.mail.at(-1)!.text)![0]).searchParams;
        const reset = await t.post('/api/v1/auth/password-reset', {
          id: query.get('id'),
          token: query.get('token'),
          password: 'a-new-password-1',
          password_confirmation: 'a-new-password-1',
        });
        expect(reset.statusCode, reset.body).toBe(200);
      });
      expect((await currentUser(user.token)).statusCode).toBe(401);
      expect((await login(user.email, 'a-new-password-1')).statusCode).toBe(200);
    });

    it('a role change', async () => {
      const user = await tokenJustBefore((u) => changeUserGroup(t.deps, { id: u.id }, 2, ADMIN).then(() => undefined), 3);
      expect((await currentUser(user.token)).statusCode).toBe(401);
      expect((await login(user.email, user.password)).json().data.user.group).toBe(2);
    });

    it('an erasure', async () => {
      const user = await tokenJustBefore((u) => eraseUser(t.deps, u.id, ADMIN));
      expect((await currentUser(user.token)).statusCode).toBe(401);
    });

    it('a new admin password (npm run user:create-admin, another process: the server hears of it by NOTIFY)', async () => {
      const user = await tokenJustBefore(
        async (u) => void (await createOrPromoteAdmin(t.deps.db, u.email, 'the-new-admin-password', t.clock.now())),
      );
      await vi.waitFor(async () => expect((await currentUser(user.token)).statusCode).toBe(401), { timeout: 1_000, interval: 10 });
      expect(await t.deps.db.selectFrom('sessions').select('ended_at').where('user_id', '=', user.id).execute()).toEqual([
        { ended_at: expect.any(Date) },
      ]);
    });
  });

  describe('TOTP', () => {
    it('sets up with a QR code drawn here and the secret sealed at rest, confirms with a code and answers ten recovery codes', async () => {
      const admin = await staff();
      const setup = await t.post('/api/v1/auth/mfa/totp/setup', {}, admin.token);
      expect(setup.statusCode).toBe(200);
      const { secret, otpauth_url, qr_svg } = setup.json().data;
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(otpauth_url).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
      expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      const row = await t.deps.db.selectFrom('totp_factors').selectAll().where('user_id', '=', admin.id).executeTakeFirstOrThrow();
      expect(row.secret_sealed).toMatch(/^v1\./);
      expect(row.secret_sealed).not.toContain(secret);
      expect(row.confirmed_at).toBeNull();

      // Not a factor yet: login stays one step.
      expect((await login(admin.email, admin.password)).json().data.access_token).toEqual(expect.any(String));
      const wrong = await t.post('/api/v1/auth/mfa/totp/confirm', { code: '000000' }, admin.token);
      expect(wrong.json()).toMatchObject({ status: 422, code: 'mfa_code_invalid', message: '验证码无效或已使用' });

      const confirmed = await t.post('/api/v1/auth/mfa/totp/confirm', { code: await codeAt(secret, t) }, admin.token);
      const codes = confirmed.json().data.recovery_codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
      const stored = await t.deps.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', admin.id).execute();
      expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replace(/-/g, ''));

      expect((await t.post('/api/v1/auth/mfa/totp/setup', {}, admin.token)).json().code).toBe('mfa_already_enrolled');
      expect((await t.post('/api/v1/auth/mfa/status', {}, admin.token)).json().data).toEqual({
        totp: true,
        passkeys: 0,
        recovery_codes_left: 10,
        required: false,
      });
    });

    it('refuses confirm before setup, and enrolment for payers and anonymous callers', async () => {
      const admin = await staff();
      expect((await t.post('/api/v1/auth/mfa/totp/confirm', { code: '123456' }, admin.token)).json().code).toBe('mfa_not_set_up');
      const payer = await t.createUser();
      for (const url of ['/api/v1/auth/mfa/totp/setup', '/api/v1/auth/mfa/passkey/register-options', '/api/v1/auth/mfa/status']) {
        expect((await t.post(url, {}, payer.token)).statusCode).toBe(403);
        expect((await t.post(url, {})).statusCode).toBe(401);
      }
    });

    it('makes login a second step: the mfa_token opens nothing else, a code answers the session, and the same code is refused again', async () => {
      const admin = await staff(2);
      const { secret } = await enrolTotp(admin);
      t.clock.advance(30_000);
      const mfaToken = await mfaTokenOf(admin);
      expect((await currentUser(mfaToken)).json()).toEqual(UNAUTHORIZED);
      expect((await t.post('/api/v1/auth/mfa/totp/setup', {}, mfaToken)).statusCode).toBe(401);

      const code = await codeAt(secret, t);
      const signedIn = await verify({ mfa_token: mfaToken, code });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().data.user).toEqual({ id: admin.id, name: expect.any(String), email: admin.email, group: 2 });
      expect((await currentUser(signedIn.json().data.access_token)).statusCode).toBe(200);

      const replayed = await verify({ mfa_token: await mfaTokenOf(admin), code });
      expect(replayed.json()).toMatchObject({ status: 422, code: 'mfa_code_invalid' });
      t.clock.advance(30_000);
      expect((await verify({ mfa_token: await mfaTokenOf(admin), code: await codeAt(secret, t) })).statusCode).toBe(200);
    });

    it('takes each recovery code once', async () => {
      const admin = await staff();
      const { recoveryCodes } = await enrolTotp(admin);
      const first = await verify({ mfa_token: await mfaTokenOf(admin), code: recoveryCodes[3]!.toUpperCase() });
      expect(first.statusCode, first.body).toBe(200);
      expect((await verify({ mfa_token: await mfaTokenOf(admin), code: recoveryCodes[3] })).json().code).toBe('mfa_code_invalid');
      expect((await t.post('/api/v1/auth/mfa/status', {}, first.json().data.access_token)).json().data.recovery_codes_left).toBe(9);
    });

    it('refuses an expired or forged mfa_token, and a body with neither code nor passkey', async () => {
      const admin = await staff();
      const { secret } = await enrolTotp(admin);
      const mfaToken = await mfaTokenOf(admin);
      expect((await verify({ mfa_token: mfaToken })).statusCode).toBe(422);
      expect((await verify({ mfa_token: admin.token, code: await codeAt(secret, t) })).json().code).toBe('mfa_token_invalid');
      t.clock.advance(5 * 60 * 1000 + 2000);
      const expired = await verify({ mfa_token: mfaToken, code: await codeAt(secret, t) });
      expect(expired.json()).toMatchObject({ status: 422, code: 'mfa_token_invalid', message: '登录步骤已过期，请重新登录' });
    });

    it('answers 429 after five wrong codes for the account, even to the right one', async () => {
      const admin = await staff();
      const { secret } = await enrolTotp(admin);
      t.clock.advance(30_000);
      const mfaToken = await mfaTokenOf(admin);
      for (let i = 0; i < 5; i++) expect((await verify({ mfa_token: mfaToken, code: '000000' })).statusCode).toBe(422);
      const blocked = await verify({ mfa_token: mfaToken, code: await codeAt(secret, t) });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('answers payers a session at once: they never take a second step', async () => {
      const payer = await t.createUser({ email: freshEmail(), password: 'payer-password-1' });
      const response = await login(payer.email, payer.password);
      expect(response.json().data).toEqual({ access_token: expect.any(String), user: expect.objectContaining({ id: payer.id, group: 0 }) });
    });
  });

  describe('passkeys', () => {
    const origin = 'http://localhost:3000';

    const registerPasskey = async (user: TestUser, passkey = new SoftPasskey(origin)) => {
      const options = (await t.post('/api/v1/auth/mfa/passkey/register-options', {}, user.token)).json().data;
      expect(options.rp).toEqual({ name: 'Overseas Pay', id: 'localhost' });
      const registered = await t.post('/api/v1/auth/mfa/passkey/register', { credential: passkey.register(options) }, user.token);
      expect(registered.statusCode, registered.body).toBe(200);
      return passkey;
    };

    it('registers a passkey and signs in with it as the second step', async () => {
      const admin = await staff();
      const passkey = await registerPasskey(admin);
      expect((await t.post('/api/v1/auth/mfa/status', {}, admin.token)).json().data).toMatchObject({ totp: false, passkeys: 1 });
      const mfaToken = await mfaTokenOf(admin);
      const options = (await t.post('/api/v1/auth/mfa/passkey/sign-in-options', { mfa_token: mfaToken })).json().data;
      expect(options.allowCredentials).toEqual([
        { id: passkey.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] },
      ]);
      const signedIn = await verify({ mfa_token: mfaToken, passkey: passkey.signIn(options) });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect((await currentUser(signedIn.json().data.access_token)).statusCode).toBe(200);
    });

    it('spends a challenge once, refuses an expired one, another origin and another user’s passkey', async () => {
      const admin = await staff();
      const passkey = await registerPasskey(admin);
      const mfaToken = await mfaTokenOf(admin);
      const options = (await t.post('/api/v1/auth/mfa/passkey/sign-in-options', { mfa_token: mfaToken })).json().data;
      const answer = passkey.signIn(options);
      expect((await verify({ mfa_token: mfaToken, passkey: answer })).statusCode).toBe(200);
      expect((await verify({ mfa_token: mfaToken, passkey: passkey.signIn(options) })).json()).toMatchObject({
        status: 422,
        code: 'passkey_failed',
      });

      const stale = (await t.post('/api/v1/auth/mfa/passkey/sign-in-options', { mfa_token: mfaToken })).json().data;
      t.clock.advance(5 * 60 * 1000 + 1000);
      expect((await verify({ mfa_token: await mfaTokenOf(admin), passkey: passkey.signIn(stale) })).json().code).toBe('passkey_failed');

      const elsewhere = new SoftPasskey('https://evil.example.com');
      const registerOptions = (await t.post('/api/v1/auth/mfa/passkey/register-options', {}, admin.token)).json().data;
      expect(
        (
          await t.post(
            '/api/v1/auth/mfa/passkey/register',
            { credential: elsewhere.register(registerOptions, 'https://evil.example.com') },
            admin.token,
          )
        ).json().code,
      ).toBe('passkey_failed');

      const other = await staff();
      const othersKey = await registerPasskey(other);
      const otherOptions = (await t.post('/api/v1/auth/mfa/passkey/sign-in-options', { mfa_token: await mfaTokenOf(admin) })).json().data;
      expect((await verify({ mfa_token: await mfaTokenOf(admin), passkey: othersKey.signIn(otherOptions) })).json().code).toBe(
        'passkey_failed',
      );
    });

    it('refuses sign-in options without a valid mfa_token', async () => {
      const admin = await staff();
      expect((await t.post('/api/v1/auth/mfa/passkey/sign-in-options', { mfa_token: admin.token })).json().code).toBe('mfa_token_invalid');
    });
  });

  describe('the password policy', () => {
    const register = (password: string) =>
      t.post('/api/v1/auth/register', { email: freshEmail(), password, password_confirmation: password });

    it('refuses a payer password under 10 characters or on the common list, in the request’s language', async () => {
      expect((await register('abcdefghi')).json().errors).toEqual({ password: ['密码至少需要 10 个字符'] });
      const common = await register('password1234');
      expectRefusal(common, 422, 'password_too_weak', '该密码过于常见，容易被猜中，请换一个', 'password');
      const german = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: freshEmail(), password: 'Qwertyuiop', password_confirmation: 'Qwertyuiop' },
        headers: { 'accept-language': 'de-DE' },
      });
      expect(german.json().message).toBe('Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.');
      expect((await register('a-sound-passphrase')).statusCode).toBe(200);
    });

    it('asks 12 characters of staff in a password reset', async () => {
      const admin = await staff(3);
      await t.post('/api/v1/auth/forgot-password', { email: admin.email });
      const query = new URL(/http\S+/.exec(t.mail.at(-1)!.text)![0]).searchParams;
      const reset = (password: string) =>
        t.post('/api/v1/auth/password-reset', {
          id: query.get('id'),
          token: query.get('token'),
          password,
          password_confirmation: password,
        });
      expect((await reset('eleven-char')).json()).toMatchObject({
        code: 'password_too_weak',
        errors: { password: ['员工账户的密码至少需要 12 个字符'] },
      });
      expect((await reset('1q2w3e4r5t6y')).json().code).toBe('password_too_weak');
      expect((await currentUser(admin.token)).statusCode).toBe(200);
      expect((await reset('twelve-chars-ok')).statusCode).toBe(200);
    });

    it('still logs in with a password set before the policy', async () => {
      const user = await t.createUser({ email: freshEmail(), password: 'short1' });
      expect((await login(user.email, 'short1')).statusCode).toBe(200);
    });

    it('is what create-admin checks', () => {
      expect(adminPasswordProblem('password1234')).toMatch(/common passwords/);
      expect(adminPasswordProblem('eleven-char')).toMatch(/at least 12/);
      expect(adminPasswordProblem('an-uncommon-admin-pass')).toBeNull();
    });
  });

  describe('rate limits per route', () => {
    it('leaves forgot-password answering 200 after login’s per-address limit is used up', async () => {
      const remoteAddress = '203.0.113.77';
      const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
      let last = 0;
      for (let i = 0; i < 61; i++)
        last = (await post('/api/v1/auth/login', { email: `nobody-${i}@example.com`, password: 'wrong-password' })).statusCode;
      expect(last).toBe(429);
      const forgot = await post('/api/v1/auth/forgot-password', { email: 'nobody-0@example.com' });
      expect(forgot.statusCode, forgot.body).toBe(200);
      const keys = (await t.deps.db.selectFrom('rate_limits').select('key').execute()).map((row) => row.key);
      expect(keys.filter((key) => key.includes('object Object') || key.includes('undefined'))).toEqual([]);
    });
  });
});

describe.each(ENGINES)('the second factor in production on %s', (engine) => {
  const t = appForSuite(engine, { env: productionEnv() });

  it('lets staff without a factor only enrol, check who they are and log out; after enrolling, everything their role allows', async () => {
    const admin = await t.createUser({ group: 1, email: freshEmail(), password: STAFF_PASSWORD });
    const refused = await t.post('/api/v1/manage/users', {}, admin.token);
    expectRefusal(refused, 403, 'mfa_enrolment_required', '请先设置第二重验证（验证器应用或通行密钥）');
    expect((await t.post('/api/v1/auth/user', {}, admin.token)).statusCode).toBe(200);
    expect((await t.post('/api/v1/auth/mfa/status', {}, admin.token)).json().data.required).toBe(true);

    const { secret } = (await t.post('/api/v1/auth/mfa/totp/setup', {}, admin.token)).json().data;
    expect((await t.post('/api/v1/auth/mfa/totp/confirm', { code: await codeAt(secret, t) }, admin.token)).statusCode).toBe(200);
    expect((await t.post('/api/v1/manage/users', {}, admin.token)).statusCode).toBe(200);

    // Another staff session opened before enrolling stays enrolment-only; a new login takes the second step.
    const login = await t.post('/api/v1/auth/login', { email: admin.email, password: STAFF_PASSWORD });
    expect(login.json().data.mfa_required).toBe(true);
  });

  it('asks nothing of payers', async () => {
    const payer = await t.createUser();
    expect((await t.post('/api/v1/step/order/findOrders', {}, payer.token)).statusCode).toBe(200);
  });

  it('still lets an unenrolled staff member log out', async () => {
    const auditor = await t.createUser({ group: 2 });
    expect((await t.post('/api/v1/auth/logout', {}, auditor.token)).statusCode).toBe(200);
    expect((await t.post('/api/v1/auth/user', {}, auditor.token)).statusCode).toBe(401);
  });
});
