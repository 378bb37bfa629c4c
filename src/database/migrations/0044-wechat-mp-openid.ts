import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The user's openid at the official account (DESIGN.md section 11): the only one WeChat sends
 * template messages to. A QR-code login (the website app) gives another openid for the same
 * person, so `wechat_openid` alone cannot be messaged. Set when the user signs in inside WeChat;
 * existing accounts cannot tell which app their openid came from and learn it at that sign-in.
 */
export const wechatMpOpenid: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async up(db: Kysely<any>) {
    await sql`alter table users add column wechat_mp_openid text unique`.execute(db);
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against any schema
  async down(db: Kysely<any>) {
    await sql`alter table users drop column wechat_mp_openid`.execute(db);
  },
};
