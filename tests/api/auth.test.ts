import { textOfMail } from './support/mail-text.js';
import { SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/api/auth/mail-transport.js';
import { createWeChatClient, WeChatUnavailableError } from '../../src/api/auth/wechat-client.js';
import { expectGivenUpMailNeverSent } from './support/given-up-mail.js';
import { startSmtpStandIn } from './support/smtp-stand-in.js';
import { ENGINES, startTestApp, type TestApp } from './support/test-app.js';
import { startWeChatStandIn, type WeChatStandIn } from './support/wechat-stand-in.js';
import { expectRefusal } from './support/refusals.js';

const INSIDE_APP = { appId: 'wx-inside-mp', secret: 'inside-secret' };
const OUTSIDE_APP = { appId: 'wx-outside-open', secret: 'outside-secret' };
const HOUR_MS = 3600 * 1000;
const RATE_LIMITED = { status: 429, code: 'rate_limited', message: '请求过于频繁，请稍后再试', errors: {} };

let emailCount = 0;
const freshEmail = () => `person-${Date.now()}-${++emailCount}@example.com`;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** The first message of each field: the one a form shows (an empty password also fails the 6-character rule). */
const firstMessages = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0]]));

describe.each(ENGINES)('accounts on %s', (engine) => {
  let t: TestApp;
  let wechat: WeChatStandIn;

  beforeAll(async () => {
    wechat = await startWeChatStandIn({ [INSIDE_APP.appId]: INSIDE_APP.secret, [OUTSIDE_APP.appId]: OUTSIDE_APP.secret });
    t = await startTestApp(engine, {
      wechat: createWeChatClient({ apiBaseUrl: wechat.url, insideApp: INSIDE_APP, outsideApp: OUTSIDE_APP }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
  });

  /** Rate limits count per address: a test of them comes from an address of its own. */
  const postFrom = (remoteAddress: string, url: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload: body, remoteAddress });

  /** Registers with the password typed twice alike, and whatever else `fields` add. */
  const registerWith = (fields: Record<string, unknown>, password = 'secret-123') =>
    t.post('/api/v1/auth/register', { ...fields, password, password_confirmation: password });
  const register = async (email = freshEmail(), password = 'secret-123') => {
    const response = await registerWith({ email }, password);
    expect(response.statusCode, response.body).toBe(200);
    return { email, password, ...(response.json().data as { access_token: string; user: { id: number } }) };
  };
  const login = (email: string, password: string) => t.post('/api/v1/auth/login', { email, password, RememberMe: true });
  const currentUser = (token?: string) => t.post('/api/v1/auth/user', {}, token);
  const userRow = (id: number) => t.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Asks for a reset link and takes it from the captured mail. */
  const requestResetLink = async (email: string) => {
    const mailsBefore = t.mail.length;
    const response = await t.post('/api/v1/auth/forgot-password', { email });
    expect(response.json()).toEqual({ data: { message: '已发送密码重置链接！' } });
    expect(t.mail).toHaveLength(mailsBefore + 1);
    const link = /http\S+/.exec(t.mail.at(-1)!.text)![0];
    const query = new URL(link).searchParams;
    return { link, id: query.get('id')!, token: query.get('token')! };
  };
  const resetPassword = (body: Record<string, unknown>) => t.post('/api/v1/auth/password-reset', body);

  describe('register', () => {
    it('creates the account with an argon2id hash and logs in', async () => {
      const email = freshEmail();
      const response = await registerWith({ email, code: 'ref-7' });
      expect(response.statusCode, response.body).toBe(200);
      const { access_token, user } = response.json().data;
      expect(user).toEqual({ id: expect.any(Number), name: email.split('@')[0], email, group: 0 });
      expect((await userRow(user.id)).password_hash).toMatch(/^\$argon2id\$/);
      expect((await currentUser(access_token)).json()).toEqual({ data: user });
    });

    it('drops fields it does not know: nobody registers as admin', async () => {
      const email = freshEmail();
      const response = await registerWith({ email, group: 1, id: 1 });
      expect(response.json().data.user).toMatchObject({ email, group: 0 });
      expect(response.json().data.user.id).not.toBe(1);
    });

    it('answers the form messages of SPEC section 5 in Chinese', async () => {
      const empty = await t.post('/api/v1/auth/register', {});
      expect(empty.statusCode).toBe(422);
      expect(firstMessages(empty.json().errors)).toEqual({
        email: '请输入邮箱',
        password: '请输入密码',
        password_confirmation: '请再次输入密码',
      });
      const bad = await t.post('/api/v1/auth/register', { email: 'not-an-email', password: '12345', password_confirmation: '123' });
      expect(bad.json().errors).toEqual({
        email: ['请输入有效的邮箱地址'],
        password: ['密码至少需要 10 个字符'],
        password_confirmation: ['确认密码至少需要 6 个字符'],
      });
    });

    it('refuses a confirmation that differs from the password', async () => {
      const response = await t.post('/api/v1/auth/register', {
        email: freshEmail(),
        password: 'secret-123',
        password_confirmation: 'secret-124',
      });
      expectRefusal(response, 422, 'password_mismatch', '两次输入的密码不一致', 'password_confirmation');
    });

    it('refuses an email already registered, whatever its case', async () => {
      const { email } = await register();
      for (const again of [email, email.toUpperCase()]) {
        const response = await registerWith({ email: again }, 'other-12345');
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({ status: 422, code: 'email_taken', message: '该邮箱已注册', errors: { email: ['该邮箱已注册'] } });
      }
    });
  });

  describe('login', () => {
    it('answers a token and the user for the right password, the email in any case', async () => {
      const account = await register();
      const response = await login(`  ${account.email.toUpperCase()} `, account.password);
      expect(response.statusCode, response.body).toBe(200);
      const { access_token, user } = response.json().data;
      expect(user).toEqual({ id: account.user.id, name: expect.any(String), email: account.email, group: 0 });
      expect((await currentUser(access_token)).json().data.id).toBe(account.user.id);
    });

    it('gives one answer for a wrong password, an unknown email and an account without a password', async () => {
      const account = await register();
      const passwordless = freshEmail();
      await t.deps.db
        .insertInto('users')
        .values({ email: passwordless, name: 'x', password_hash: null, sessions_valid_after: new Date(0) })
        .execute();
      const expected = { status: 422, code: 'wrong_credentials', message: '邮箱或密码错误', errors: { email: ['邮箱或密码错误'] } };
      for (const [email, password] of [
        [account.email, 'wrong-password'],
        [freshEmail(), account.password],
        [passwordless, 'anything-1'],
      ]) {
        const response = await login(email!, password!);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual(expected);
      }
    });

    it('answers the form messages in Chinese', async () => {
      const response = await t.post('/api/v1/auth/login', { email: 'x@', password: '1' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ email: ['请输入有效的邮箱地址'], password: ['密码至少需要 6 个字符'] });
    });
  });

  describe('the login check (POST /user) and signed-in calls', () => {
    const PROTECTED = ['/api/v1/auth/user', '/api/v1/step/order/findOrders'];
    const UNAUTHORIZED = { status: 401, code: 'unauthorized', message: '未登录，请您先登录', errors: {} };

    it('answers the signed-in user', async () => {
      const user = await t.createUser({ group: 1 });
      expect((await currentUser(user.token)).json()).toEqual({
        data: { id: user.id, name: expect.any(String), email: user.email, group: 1 },
      });
    });

    it.each(PROTECTED)('%s answers 401 without a token, and for an expired, tampered or foreign one', async (url) => {
      const user = await t.createUser();
      expect((await t.post(url, {}, user.token)).statusCode).toBe(200);

      const [header, payload, signature] = user.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
      const flipped = `${signature!.slice(0, -2)}${signature!.at(-2) === 'A' ? 'B' : 'A'}${signature!.at(-1)}`;
      const signed = (audience: string, issuer: string, secret = t.deps.jwtSecret, iat: number = claims.iat) =>
        new SignJWT({ sid: claims.sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(user.id))
          .setIssuer(issuer)
          .setAudience(audience)
          .setIssuedAt(iat)
          .setExpirationTime(claims.exp)
          .setJti('j-1')
          .sign(secret);
      const { issuer, audience } = t.deps.config.jwt;
      const refused = [
        undefined,
        'not-a-jwt',
        `${header}.${otherUser}.${signature}`,
        `${header}.${payload}.${flipped}`,
        `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
        await signed('another-audience', issuer),
        await signed(audience, 'another-issuer'),
        await signed(audience, issuer, new TextEncoder().encode('another-secret-of-at-least-32-characters')),
        await signed(audience, issuer, t.deps.jwtSecret, claims.iat + 3600),
      ];
      for (const token of refused) {
        const response = await t.post(url, {}, token);
        expect(response.statusCode, String(token)).toBe(401);
        expect(response.json()).toEqual(UNAUTHORIZED);
      }
      expect((await t.post(url, {}, await signed(audience, issuer))).statusCode).toBe(200);
    });

    it.each(PROTECTED)('%s answers 401 once the token has expired', async (url) => {
      const user = await t.createUser();
      t.clock.advance(t.deps.config.jwt.ttlSeconds * 1000 - 1000);
      expect((await t.post(url, {}, user.token)).statusCode).toBe(200);
      t.clock.advance(2000);
      expect((await t.post(url, {}, user.token)).statusCode).toBe(401);
    });
  });

  describe('forgot and reset password', () => {
    it('mails a one-hour link and keeps only the hash of its token', async () => {
      const account = await register();
      const { link, id, token } = await requestResetLink(account.email);
      expect(t.mail.at(-1)).toMatchObject({ to: account.email, subject: '重置您的密码' });
      expect((t.mail.at(-1) as { html?: string }).html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      expect(link).toBe(`http://localhost:3000/reset-password?id=${account.user.id}&token=${token}`);
      expect(id).toBe(String(account.user.id));
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
      const rows = await t.deps.db.selectFrom('password_resets').selectAll().where('user_id', '=', account.user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(sha256(token));
      expect(rows[0]!.expires_at.getTime()).toBe(t.clock.now().getTime() + HOUR_MS);
    });

    it("words the reset mail in the asker's language", async () => {
      const account = await register();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
        payload: { email: account.email },
      });
      expect(response.statusCode).toBe(200);
      const mail = t.mail.at(-1) as { to: string; subject: string; text: string; html?: string };
      expect(mail).toMatchObject({ to: account.email, subject: 'Passwort zurücksetzen' });
      expect(mail.text).toContain('Öffnen Sie innerhalb einer Stunde');
      expect(mail.html).toContain('Neues Passwort festlegen');
    });

    it('gives the same answer for an unknown email and sends nothing', async () => {
      const known = await register();
      const mailsBefore = t.mail.length;
      const answers = await Promise.all([known.email, freshEmail()].map((email) => t.post('/api/v1/auth/forgot-password', { email })));
      expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual([
        [200, JSON.stringify({ data: { message: '已发送密码重置链接！' } })],
        [200, JSON.stringify({ data: { message: '已发送密码重置链接！' } })],
      ]);
      expect(t.mail.slice(mailsBefore).map((mail) => mail.to)).toEqual([known.email]);
    });

    it('sends at most one link per account a minute', async () => {
      const account = await register();
      await requestResetLink(account.email);
      const mailsBefore = t.mail.length;
      expect((await t.post('/api/v1/auth/forgot-password', { email: account.email })).statusCode).toBe(200);
      expect(t.mail).toHaveLength(mailsBefore);
      t.clock.advance(61_000);
      await requestResetLink(account.email);
    });

    it('sets the new password; older sessions end while a new login works, even within the same second', async () => {
      const account = await register();
      const { id, token } = await requestResetLink(account.email);
      const response = await resetPassword({ id, token, password: 'brand-new-1', password_confirmation: 'brand-new-1' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { message: '您的密码已重置！' } });

      // The test clock has not moved: the old token and the new login share the reset's second.
      expect((await currentUser(account.access_token)).statusCode).toBe(401);
      expect((await login(account.email, account.password)).statusCode).toBe(422);
      const fresh = await login(account.email, 'brand-new-1');
      expect(fresh.statusCode).toBe(200);
      expect((await currentUser(fresh.json().data.access_token)).statusCode).toBe(200);
      t.clock.advance(5000);
      expect((await currentUser(fresh.json().data.access_token)).statusCode).toBe(200);
      expect((await currentUser(account.access_token)).statusCode).toBe(401);
    });

    it('uses a link once only, and spends the other open links of the account', async () => {
      const account = await register();
      const first = await requestResetLink(account.email);
      t.clock.advance(61_000);
      const second = await requestResetLink(account.email);
      expect((await resetPassword({ ...second, password: 'brand-new-1', password_confirmation: 'brand-new-1' })).statusCode).toBe(200);
      for (const used of [second, first]) {
        const again = await resetPassword({
          id: used.id,
          token: used.token,
          password: 'brand-new-2',
          password_confirmation: 'brand-new-2',
        });
        expectRefusal(again, 422, 'reset_link_invalid', '密码重置链接无效或已过期，请重新申请', 'token');
      }
      expect((await login(account.email, 'brand-new-1')).statusCode).toBe(200);
    });

    it('refuses an expired link', async () => {
      const account = await register();
      const { id, token } = await requestResetLink(account.email);
      t.clock.advance(HOUR_MS + 1000);
      const response = await resetPassword({ id, token, password: 'brand-new-1', password_confirmation: 'brand-new-1' });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('密码重置链接无效或已过期，请重新申请');
      expect((await login(account.email, account.password)).statusCode).toBe(200);
    });

    it('refuses a wrong token, another user id and an id that is not one', async () => {
      const account = await register();
      const other = await register();
      const { id, token } = await requestResetLink(account.email);
      for (const attempt of [
        { id, token: `${token}x` },
        { id: String(other.user.id), token },
        { id: 'abc', token },
        { id: '-1', token },
      ]) {
        const response = await resetPassword({ ...attempt, password: 'brand-new-1', password_confirmation: 'brand-new-1' });
        expect(response.statusCode, JSON.stringify(attempt)).toBe(422);
        expect(response.json().errors).toEqual({ token: ['密码重置链接无效或已过期，请重新申请'] });
      }
      expect((await login(other.email, other.password)).statusCode).toBe(200);
    });

    it('refuses a confirmation that differs, before spending the link', async () => {
      const account = await register();
      const { id, token } = await requestResetLink(account.email);
      const mismatch = await resetPassword({ id, token, password: 'brand-new-1', password_confirmation: 'brand-new-2' });
      expectRefusal(mismatch, 422, 'password_mismatch', '两次输入的密码不一致', 'password_confirmation');
      expect((await resetPassword({ id, token, password: 'brand-new-1', password_confirmation: 'brand-new-1' })).statusCode).toBe(200);
    });

    it('answers the form messages in Chinese', async () => {
      const empty = await resetPassword({});
      expect(empty.statusCode).toBe(422);
      expect(firstMessages(empty.json().errors)).toEqual({
        id: '此项为必填项',
        token: '此项为必填项',
        password: '请输入密码',
        password_confirmation: '请再次输入密码',
      });
      expect((await t.post('/api/v1/auth/forgot-password', { email: '' })).json().errors).toEqual({ email: ['请输入邮箱'] });
    });
  });

  describe('rate limits', () => {
    it('refuses the 11th login of one email from one address within a minute', async () => {
      const email = freshEmail();
      for (let attempt = 1; attempt <= 10; attempt++) {
        expect((await postFrom('198.51.100.1', '/api/v1/auth/login', { email, password: 'wrong-pass' })).statusCode).toBe(422);
      }
      const limited = await postFrom('198.51.100.1', '/api/v1/auth/login', { email, password: 'wrong-pass' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(RATE_LIMITED);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another email from the same address, and the same email from elsewhere, still get through.
      expect((await postFrom('198.51.100.1', '/api/v1/auth/login', { email: freshEmail(), password: 'wrong-pass' })).statusCode).toBe(422);
      expect((await postFrom('198.51.100.2', '/api/v1/auth/login', { email, password: 'wrong-pass' })).statusCode).toBe(422);
    });

    it('refuses more than 60 logins a minute from one address, across emails', async () => {
      for (let attempt = 1; attempt <= 60; attempt++) {
        expect((await postFrom('198.51.100.3', '/api/v1/auth/login', { email: freshEmail(), password: 'wrong-pass' })).statusCode).toBe(
          422,
        );
      }
      expect((await postFrom('198.51.100.3', '/api/v1/auth/login', { email: freshEmail(), password: 'wrong-pass' })).json()).toEqual(
        RATE_LIMITED,
      );
    });

    it('refuses the 6th reset request for one email from one address within a minute', async () => {
      const email = freshEmail();
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await postFrom('198.51.100.4', '/api/v1/auth/forgot-password', { email })).statusCode).toBe(200);
      }
      expect((await postFrom('198.51.100.4', '/api/v1/auth/forgot-password', { email })).json()).toEqual(RATE_LIMITED);
    });
  });

  describe('WeChat login', () => {
    const wechatLogin = (appId: string, code: string) =>
      t.post('/api/v1/auth/wechatlogin', { code, appId, loginWay: 'wechat', email: '', password: '' });

    it('creates an account without email or password on the first login', async () => {
      const code = wechat.codeFor({ appId: OUTSIDE_APP.appId, openid: 'open-o-1', unionid: 'union-1', nickname: '小明' });
      const response = await wechatLogin(OUTSIDE_APP.appId, code);
      expect(response.statusCode, response.body).toBe(200);
      const { access_token, user } = response.json().data;
      expect(user).toEqual({ id: expect.any(Number), name: '小明', email: null, group: 0 });
      expect(await userRow(user.id)).toMatchObject({
        email: null,
        password_hash: null,
        wechat_unionid: 'union-1',
        wechat_openid: 'open-o-1',
        // The QR-code app's openid: the official account cannot message it.
        wechat_mp_openid: null,
      });
      expect((await currentUser(access_token)).json().data.id).toBe(user.id);
    });

    it('asks staff with a second factor for the second step, as a password login does (WeChat is a first factor)', async () => {
      const first = await wechatLogin(
        OUTSIDE_APP.appId,
        wechat.codeFor({ appId: OUTSIDE_APP.appId, openid: 'open-staff', unionid: 'union-staff', nickname: '员工' }),
      );
      const { user } = first.json().data;
      await t.deps.db.updateTable('users').set({ group: 1 }).where('id', '=', user.id).execute();
      await t.deps.db
        .insertInto('passkeys')
        .values({ id: 'cred-staff', user_id: user.id, public_key: 'x', counter: 0, transports: '[]', created_at: new Date() })
        .execute();
      const again = await wechatLogin(
        OUTSIDE_APP.appId,
        wechat.codeFor({ appId: OUTSIDE_APP.appId, openid: 'open-staff', unionid: 'union-staff', nickname: '员工' }),
      );
      expect(again.json().data).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    });

    it('keeps a nickname with NUL or an unpaired surrogate, minus those characters', async () => {
      const code = wechat.codeFor({ appId: OUTSIDE_APP.appId, openid: 'open-o-nul', unionid: 'union-nul', nickname: '小\u0000明\ud800' });
      const response = await wechatLogin(OUTSIDE_APP.appId, code);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.user.name).toBe('小明');
    });

    it('finds the same person through the other app by unionid, each app exchanging with its own secret', async () => {
      const first = await wechatLogin(
        OUTSIDE_APP.appId,
        wechat.codeFor({ appId: OUTSIDE_APP.appId, openid: 'open-o-2', unionid: 'union-2', nickname: '小红' }),
      );
      const second = await wechatLogin(
        INSIDE_APP.appId,
        wechat.codeFor({ appId: INSIDE_APP.appId, openid: 'open-i-2', unionid: 'union-2', nickname: '小红' }),
      );
      expect(second.json().data.user.id).toBe(first.json().data.user.id);
      // Signed in inside WeChat: the official account's openid is learnt, the one its messages go to.
      expect(await userRow(first.json().data.user.id)).toMatchObject({ wechat_openid: 'open-o-2', wechat_mp_openid: 'open-i-2' });
      const exchanges = wechat.requests.filter((request) => request.path === '/sns/oauth2/access_token').slice(-2);
      expect(exchanges.map((request) => [request.query['appid'], request.query['secret']])).toEqual([
        [OUTSIDE_APP.appId, OUTSIDE_APP.secret],
        [INSIDE_APP.appId, INSIDE_APP.secret],
      ]);
    });

    it('finds an account by openid when WeChat gives no unionid, and records the unionid once it comes', async () => {
      const person = { appId: INSIDE_APP.appId, openid: 'open-i-3', nickname: '' };
      const first = await wechatLogin(INSIDE_APP.appId, wechat.codeFor(person));
      expect(first.json().data.user.name).toBe('微信用户');
      const again = await wechatLogin(INSIDE_APP.appId, wechat.codeFor({ ...person, unionid: 'union-3' }));
      expect(again.json().data.user.id).toBe(first.json().data.user.id);
      expect((await userRow(first.json().data.user.id)).wechat_unionid).toBe('union-3');
    });

    it('never joins an email account on its own', async () => {
      const account = await register();
      const response = await wechatLogin(
        INSIDE_APP.appId,
        wechat.codeFor({ appId: INSIDE_APP.appId, openid: 'open-i-4', unionid: 'union-4', nickname: account.email }),
      );
      expect(response.json().data.user).toMatchObject({ email: null });
      expect(response.json().data.user.id).not.toBe(account.user.id);
      expect(await userRow(account.user.id)).toMatchObject({ wechat_unionid: null, wechat_openid: null });
    });

    it('answers 422 when WeChat refuses the code, the secret or the user info, or the app id is unknown', async () => {
      const expected = {
        status: 422,
        code: 'wechat_login_failed',
        message: '微信登录失败，请重试',
        errors: { code: ['微信登录失败，请重试'] },
      };
      const person = { appId: INSIDE_APP.appId, openid: 'open-i-5', unionid: 'union-5', nickname: 'x' };
      const used = wechat.codeFor(person);
      expect((await wechatLogin(INSIDE_APP.appId, used)).statusCode).toBe(200);
      const requestsBefore = wechat.requests.length;
      expect((await wechatLogin('wx-unknown', wechat.codeFor(person))).json()).toEqual(expected);
      expect(wechat.requests).toHaveLength(requestsBefore);
      // Codes belong to one app: the inside app's code is refused to the outside app.
      for (const [appId, code] of [
        [INSIDE_APP.appId, used],
        [INSIDE_APP.appId, 'never-issued'],
        [OUTSIDE_APP.appId, wechat.codeFor(person)],
      ]) {
        expect((await wechatLogin(appId!, code!)).json()).toEqual(expected);
      }
      wechat.failNext('userinfo-errcode');
      expect((await wechatLogin(INSIDE_APP.appId, wechat.codeFor(person))).json()).toEqual(expected);
    });

    it('answers 503 when WeChat itself fails', async () => {
      for (const failure of ['http-500', 'not-json'] as const) {
        wechat.failNext(failure);
        const response = await wechatLogin(
          INSIDE_APP.appId,
          wechat.codeFor({ appId: INSIDE_APP.appId, openid: 'open-i-6', nickname: 'x' }),
        );
        expect(response.json()).toEqual({ status: 503, code: 'wechat_unavailable', message: '微信服务暂时不可用，请稍后重试', errors: {} });
      }
    });

    it('answers the form messages in Chinese', async () => {
      const response = await t.post('/api/v1/auth/wechatlogin', { loginWay: 'wechat' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ code: ['此项为必填项'], appId: ['此项为必填项'] });
    });
  });
});

describe('the WeChat client', () => {
  let wechat: WeChatStandIn;
  beforeAll(async () => {
    wechat = await startWeChatStandIn({ [INSIDE_APP.appId]: INSIDE_APP.secret });
  });
  afterAll(async () => wechat?.close());

  it('gives up after its timeout, naming neither the secret nor the code', async () => {
    const client = createWeChatClient({ apiBaseUrl: wechat.url, insideApp: INSIDE_APP, outsideApp: undefined }, 200);
    wechat.failNext('hang');
    const failure = await client.exchangeCode(INSIDE_APP.appId, 'code-123').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WeChatUnavailableError);
    expect((failure as Error).message).toBe('WeChat /sns/oauth2/access_token timed out');
  });

  it('answers null for an app that is not configured', async () => {
    const client = createWeChatClient({ apiBaseUrl: wechat.url, insideApp: undefined, outsideApp: undefined });
    expect(await client.exchangeCode(INSIDE_APP.appId, 'code-123')).toBeNull();
  });
});

describe('the mailer', () => {
  const mail = {
    to: 'payer@example.com',
    subject: 'Reset your password',
    text: 'Open http://localhost:3000/reset-password?id=1&token=abc within one hour.',
  };

  it('sends through SMTP when a URL is configured', async () => {
    const smtp = await startSmtpStandIn();
    try {
      await createMailer({ smtpUrl: smtp.url, from: 'no-reply@overseas-pay.test', outboxDir: '/nonexistent' }).send(mail);
      expect(smtp.received).toHaveLength(1);
      const [received] = smtp.received;
      expect(received).toMatchObject({ from: 'no-reply@overseas-pay.test', to: ['payer@example.com'] });
      expect(received!.raw).toMatch(/^Subject: Reset your password\r?$/m);
      expect(received!.raw).toContain('http://localhost:3000/reset-password?id=1&token=abc');
    } finally {
      await smtp.close();
    }
  });

  it('sends many mails over a few connections it keeps open, and opens one again after the idle one was closed', async () => {
    const smtp = await startSmtpStandIn();
    try {
      // A short timeout: the server's idle connection is closed by the mailer between the rounds.
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@overseas-pay.test', outboxDir: '/nonexistent' }, 1_000);
      const many = Array.from({ length: 60 }, (_, index) => ({ ...mail, to: `payer-${index}@example.com` }));
      await Promise.all(many.map((each) => mailer.send(each)));
      expect(smtp.received.map((received) => received.to[0]).sort()).toEqual(many.map((each) => each.to).sort());
      const opened = smtp.connections();
      expect(opened).toBeLessThanOrEqual(10);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      await mailer.send(mail);
      expect(smtp.received).toHaveLength(61);
      expect(smtp.connections()).toBe(opened + 1);
    } finally {
      await smtp.close();
    }
  });

  it('gives up on a mail when told to: a mail still waiting for the server is never sent', async () => {
    const smtp = await startSmtpStandIn({ greetingDelayMs: 400 });
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'a@b.test', outboxDir: '/nonexistent' });
      await expectGivenUpMailNeverSent(smtp, mailer, mail, { abortAfterMs: 100, settleMs: 900 });
    } finally {
      await smtp.close();
    }
  });

  it('fails when the SMTP server cannot be reached', async () => {
    const smtp = await startSmtpStandIn();
    await smtp.close();
    await expect(createMailer({ smtpUrl: smtp.url, from: 'a@b.test', outboxDir: '/nonexistent' }).send(mail)).rejects.toThrow();
  });

  it('writes each mail as an .eml file into the outbox folder otherwise, one header per line, text and HTML', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
    try {
      const outboxDir = path.join(dir, 'outbox');
      const mailer = createMailer({ smtpUrl: undefined, from: 'no-reply@overseas-pay.test', outboxDir });
      await mailer.send({ ...mail, subject: '重置您的密码\r\nBcc: someone@example.com' });
      await mailer.send({ ...mail, html: '<p>Open the link</p>' });
      const files = await readdir(outboxDir);
      expect(files).toHaveLength(2);
      expect(files.every((file) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/.test(file))).toBe(true);
      const contents = await Promise.all(files.map((file) => readFile(path.join(outboxDir, file), 'utf8')));
      const chinese = contents.find((content) => !content.includes('multipart/alternative'))!;
      expect(chinese).toMatch(/^From: no-reply@overseas-pay\.test$/m);
      expect(chinese).toMatch(/^To: payer@example\.com$/m);
      // The line break is gone: no header of its own; the subject is encoded, as on the wire.
      expect(chinese).not.toMatch(/^Bcc:/m);
      expect(chinese).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(textOfMail(chinese)).toContain(mail.text);
      const multipart = contents.find((content) => content.includes('multipart/alternative'))!;
      expect(multipart).toMatch(/Content-Type: text\/plain/);
      expect(multipart).toMatch(/Content-Type: text\/html/);
      expect(textOfMail(multipart)).toContain('<p>Open the link</p>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
