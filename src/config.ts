import { z } from 'zod';

/**
 * The application's configuration, parsed once from the environment by the composition root
 * (src/main.ts); nothing else reads process.env. Every problem is reported together.
 */

/** A URL, or unset when blank. */
const optionalUrlOf = (url: z.ZodURL) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(url.optional())
    .optional();
const optionalUrl = optionalUrlOf(z.url());
/** A base of links a browser follows: http or https only. */
const optionalWebUrl = optionalUrlOf(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }));

/** Digits only: "", " 80", "0x10" or "1e3" are mistakes, not numbers. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback);
const positiveInt = (fallback: number) => wholeNumber(1, 100_000_000, fallback);

const schema = z.object({
  /** "production" turns the demo conveniences off (see PRODUCTION_REQUIRED); unset is the demo. */
  NODE_ENV: z.enum(['production', 'development', 'test'], 'must be production, development or test (or unset)').optional(),
  /** 0 picks a free port (the tests use it). */
  PORT: wholeNumber(0, 65535, 3000),
  /** The demo has published passwords: it listens on this machine only unless HOST says otherwise (0.0.0.0 for every address). */
  HOST: z.string().trim().min(1).optional(),
  /** Embedded PGlite data, the generated JWT secret, uploads and the mail outbox live here. */
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  EVENTSTORE_URL: optionalUrl,
  /** A PostgreSQL statement without an answer after this long fails (503), so a stalled server holds nothing for ever. */
  DATABASE_QUERY_TIMEOUT_SECONDS: positiveInt(10),
  /** At least 32 characters; generated and kept in DATA_DIR when not given. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  JWT_ISSUER: z.string().default('overseas-pay'),
  JWT_AUDIENCE: z.string().default('overseas-pay-web'),
  /** A payer's session: a week. */
  JWT_TTL_SECONDS: positiveInt(7 * 24 * 3600),
  /** A staff session (groups 1, 2, 3): one working day; they reach every order (DESIGN.md section 12). */
  STAFF_TOKEN_TTL_SECONDS: positiveInt(8 * 3600),
  /** Where links in mails and checkout pages point; the listening address when not given. */
  PUBLIC_BASE_URL: optionalWebUrl,
  UPLOAD_DIR: z.string().optional(),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('no-reply@overseas-pay.local'),
  WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
  /** The app ids and secrets inside the WeChat browser (official account) and outside (open platform QR). */
  WECHAT_MP_APP_ID: z.string().optional(),
  WECHAT_MP_APP_SECRET: z.string().optional(),
  WECHAT_OPEN_APP_ID: z.string().optional(),
  WECHAT_OPEN_APP_SECRET: z.string().optional(),
  /** "sandbox" serves a hosted checkout from this app; anything else needs the gateway's URL and secret. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'http']).default('sandbox'),
  PAYMENT_GATEWAY_URL: optionalUrl,
  /** Shared secret of the signed payment and bank webhooks (HMAC-SHA256); generated when not given. */
  WEBHOOK_SECRET: z.string().min(32, 'WEBHOOK_SECRET must have at least 32 characters').optional(),
  /** Shared secret of the partners' signed order intake (HMAC-SHA256, like the webhooks); generated when not given. */
  PARTNER_SECRET: z.string().min(32, 'PARTNER_SECRET must have at least 32 characters').optional(),
  RATES_URL: optionalUrl,
  /** How far a partner's rate may stray from the market rate, as a fraction (0.05: 5% either way). */
  PARTNER_RATE_BAND: z
    .string()
    .trim()
    .regex(/^0(\.\d{1,4})?$|^1$/, 'PARTNER_RATE_BAND is a fraction from 0 to 1, e.g. 0.05')
    .default('0.05'),
  /** The Ed25519 private key (PKCS#8 PEM) that signs audit checkpoints; generated into DATA_DIR/secrets when not given. */
  AUDIT_SIGNING_KEY_FILE: z.string().optional(),
  /** The Ed25519 private key (PKCS#8 PEM) that signs payment receipts; generated into DATA_DIR/secrets when not given. */
  RECEIPT_SIGNING_KEY_FILE: z.string().optional(),
  /** Where signed checkpoints are written besides the log. */
  AUDIT_DIR: z.string().optional(),
  /** How often the service signs a checkpoint; 0 signs only on demand. */
  AUDIT_CHECKPOINT_INTERVAL_MINUTES: wholeNumber(0, 10_080, 60),
  PAYMENT_DEADLINE_HOURS: positiveInt(72),
  /** A refund above this many CNY needs a second admin's approval (DESIGN.md section 12). */
  REFUND_APPROVAL_CNY: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'REFUND_APPROVAL_CNY is a CNY amount, e.g. 50000')
    .default('50000'),
  /** How long an order may stay in its status before the back office's queues mark it overdue. */
  QUEUE_SLA_HOURS: wholeNumber(1, 8760, 24),
  /** The payment institution's reserve account that bank-transfer payers pay CNY into; a labelled demo account outside production. */
  RESERVE_ACCOUNT_NAME: z.string().trim().optional(),
  RESERVE_ACCOUNT_NO: z.string().trim().optional(),
  RESERVE_BANK: z.string().trim().optional(),
  SWEEP_INTERVAL_SECONDS: positiveInt(60),
  /** WeChat template messages (DESIGN.md section 11): the official account's template ids; unset means none is sent. */
  WECHAT_TEMPLATE_ORDER_UPDATE: z.string().trim().min(1).optional(),
  WECHAT_TEMPLATE_PAYMENT_DUE: z.string().trim().min(1).optional(),
  /** The notifier: how often it looks for work, how long one send may take, how often and how far apart it tries. */
  NOTIFY_INTERVAL_SECONDS: positiveInt(5),
  NOTIFY_SEND_TIMEOUT_SECONDS: wholeNumber(1, 600, 15),
  NOTIFY_MAX_ATTEMPTS: wholeNumber(1, 50, 6),
  NOTIFY_RETRY_SECONDS: wholeNumber(1, 86_400, 60),
  /** Set when a reverse proxy sets X-Forwarded-For; without one, trusting it would let clients choose their address. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long SIGTERM may take to close requests, sweeper and database before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: wholeNumber(1, 3600, 10),
});

export type RawConfig = z.infer<typeof schema>;

export interface Config {
  /** NODE_ENV=production: no demo accounts, and no defaults that only suit one machine. */
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly eventStoreUrl: string | undefined;
  readonly databaseQueryTimeoutMs: number;
  readonly jwt: {
    readonly secret: string | undefined;
    readonly issuer: string;
    readonly audience: string;
    /** A payer's session. */
    readonly ttlSeconds: number;
    /** A staff member's session. */
    readonly staffTtlSeconds: number;
  };
  /** PUBLIC_BASE_URL without trailing slashes; undefined means "where the server listens" (see public-base-url.ts). */
  readonly publicBaseUrl: string | undefined;
  readonly uploadDir: string;
  readonly webDistDir: string;
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string; readonly outboxDir: string };
  readonly wechat: {
    readonly apiBaseUrl: string;
    readonly insideApp: { readonly appId: string; readonly secret: string } | undefined;
    readonly outsideApp: { readonly appId: string; readonly secret: string } | undefined;
    /** Where the login page's QR frame comes from (src/web/features/auth/wechat.ts); only with an open-platform app. */
    readonly qrLoginOrigin: string | undefined;
  };
  readonly payments: {
    readonly gateway: 'sandbox' | 'http';
    readonly gatewayUrl: string | undefined;
    readonly webhookSecret: string | undefined;
  };
  readonly partnerSecret: string | undefined;
  /** A partner's gic_rate must lie within this fraction of the market rate. */
  readonly partnerRateBand: string;
  readonly audit: {
    readonly signingKeyFile: string;
    /** Only when no file was configured: a configured key that is missing is an error, not a new key. */
    readonly generateSigningKey: boolean;
    readonly dir: string;
    readonly checkpointIntervalMs: number;
  };
  readonly receipts: {
    readonly signingKeyFile: string;
    /** Only when no file was configured, as for the audit key. */
    readonly generateSigningKey: boolean;
  };
  readonly ratesUrl: string | undefined;
  readonly paymentDeadlineMs: number;
  /** A refund above this (CNY) is a proposal for a second admin. */
  readonly refundApprovalCny: string;
  /** The work queues' SLA: an order longer than this in its status is overdue (manage/statistic's sla_hours). */
  readonly queueSlaHours: number;
  /** Where bank transfers go; always set (production requires the variables, elsewhere a demo account stands in). */
  readonly reserveAccount: { readonly name: string; readonly bank: string; readonly account_no: string };
  readonly sweepIntervalMs: number;
  readonly notifier: {
    readonly intervalMs: number;
    readonly sendTimeoutMs: number;
    readonly maxAttempts: number;
    /** The first retry's pause; each further one doubles it. */
    readonly retryMs: number;
    /** WeChat template ids: payment due (confirmed, short, reminder) and every other order update. */
    readonly wechatTemplates: { readonly orderUpdate: string | undefined; readonly paymentDue: string | undefined };
  };
  readonly trustProxy: boolean;
  readonly logLevel: RawConfig['LOG_LEVEL'];
  readonly shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Outside production only (production requires RESERVE_*): says plainly that it is not a real account. */
export const DEMO_RESERVE_ACCOUNT = {
  name: '演示备付金账户（非真实账户）',
  bank: '演示银行 北京分行',
  account_no: '6222 0000 0000 0000 000',
} as const;

/** WeChat's open platform, whose QR login page the login page shows in a frame. */
const WECHAT_QR_LOGIN_ORIGIN = 'https://open.weixin.qq.com';

const pair = (appId: string | undefined, secret: string | undefined) => (appId && secret ? { appId, secret } : undefined);

const given = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * What production cannot default, and why: the sandbox confirms payments without money; secrets
 * generated into one server's DATA_DIR differ between the servers of a cluster; and behind a proxy
 * the server cannot guess its public address.
 */
const PRODUCTION_REQUIRED = {
  PAYMENT_GATEWAY: 'the sandbox confirms payments without money: choose http, or sandbox on purpose',
  JWT_SECRET: 'every server must share it; it is not generated in production',
  WEBHOOK_SECRET: 'every server must share it; it is not generated in production',
  PARTNER_SECRET: 'partners sign their orders with it; it is not generated in production',
  PUBLIC_BASE_URL: 'links in mails and checkout pages must point at the public address',
  AUDIT_SIGNING_KEY_FILE: 'checkpoints must be signed with one key kept apart from the data; it is not generated in production',
  RECEIPT_SIGNING_KEY_FILE: 'receipts must verify on every server and after a restore; it is not generated in production',
  RESERVE_ACCOUNT_NAME: 'bank-transfer payers are told to pay into this account; the demo account is not real',
  RESERVE_ACCOUNT_NO: 'bank-transfer payers are told to pay into this account; the demo account is not real',
  RESERVE_BANK: 'bank-transfer payers are told to pay into this account; the demo account is not real',
} as const;

/** Variables another variable makes necessary, with the condition that does. */
function requirements(env: Readonly<Record<string, string | undefined>>): (readonly [variable: string, condition: string])[] {
  const rules: (readonly [string, string])[] = [];
  if (env['PAYMENT_GATEWAY'] === 'http')
    rules.push(['PAYMENT_GATEWAY_URL', 'PAYMENT_GATEWAY=http'], ['WEBHOOK_SECRET', 'PAYMENT_GATEWAY=http']);
  if (env['NODE_ENV'] === 'production') {
    for (const [variable, why] of Object.entries(PRODUCTION_REQUIRED)) rules.push([variable, `NODE_ENV=production (${why})`]);
  }
  return rules;
}

/** One problem per missing variable, naming every condition that requires it. */
function missingVariables(env: Readonly<Record<string, string | undefined>>): string[] {
  const conditions = new Map<string, string[]>();
  for (const [variable, condition] of requirements(env)) {
    if (!given(env[variable])) conditions.set(variable, [...(conditions.get(variable) ?? []), condition]);
  }
  return [...conditions].map(([variable, when]) => `${variable}: required when ${when.join(' and when ')}`);
}

/** The rules between variables, judged on the raw values so they are reported with every other problem. */
function crossProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const problems = missingVariables(env);
  for (const [id, secret] of [
    ['WECHAT_MP_APP_ID', 'WECHAT_MP_APP_SECRET'],
    ['WECHAT_OPEN_APP_ID', 'WECHAT_OPEN_APP_SECRET'],
  ] as const) {
    if (given(env[id]) !== given(env[secret])) problems.push(`${id}/${secret}: give both or neither`);
  }
  return problems;
}

/** Parses the environment; throws ConfigError naming every problem at once. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = schema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...crossProblems(env),
  ];
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const c = parsed.data;
  const outsideApp = pair(c.WECHAT_OPEN_APP_ID, c.WECHAT_OPEN_APP_SECRET);
  return {
    production: c.NODE_ENV === 'production',
    port: c.PORT,
    host: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    eventStoreUrl: c.EVENTSTORE_URL,
    databaseQueryTimeoutMs: c.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
    jwt: {
      secret: c.JWT_SECRET,
      issuer: c.JWT_ISSUER,
      audience: c.JWT_AUDIENCE,
      ttlSeconds: c.JWT_TTL_SECONDS,
      staffTtlSeconds: c.STAFF_TOKEN_TTL_SECONDS,
    },
    publicBaseUrl: c.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    uploadDir: c.UPLOAD_DIR ?? `${c.DATA_DIR}/uploads`,
    webDistDir: c.WEB_DIST_DIR,
    mail: { smtpUrl: c.SMTP_URL, from: c.MAIL_FROM, outboxDir: `${c.DATA_DIR}/outbox` },
    wechat: {
      apiBaseUrl: c.WECHAT_API_BASE_URL.replace(/\/+$/, ''),
      insideApp: pair(c.WECHAT_MP_APP_ID, c.WECHAT_MP_APP_SECRET),
      outsideApp,
      qrLoginOrigin: outsideApp ? WECHAT_QR_LOGIN_ORIGIN : undefined,
    },
    payments: { gateway: c.PAYMENT_GATEWAY, gatewayUrl: c.PAYMENT_GATEWAY_URL, webhookSecret: c.WEBHOOK_SECRET },
    partnerSecret: c.PARTNER_SECRET,
    partnerRateBand: c.PARTNER_RATE_BAND,
    audit: {
      signingKeyFile: c.AUDIT_SIGNING_KEY_FILE ?? `${c.DATA_DIR}/secrets/audit-signing-key.pem`,
      generateSigningKey: c.AUDIT_SIGNING_KEY_FILE === undefined,
      dir: c.AUDIT_DIR ?? `${c.DATA_DIR}/audit`,
      checkpointIntervalMs: c.AUDIT_CHECKPOINT_INTERVAL_MINUTES * 60 * 1000,
    },
    receipts: {
      signingKeyFile: c.RECEIPT_SIGNING_KEY_FILE ?? `${c.DATA_DIR}/secrets/receipt-signing-key.pem`,
      generateSigningKey: c.RECEIPT_SIGNING_KEY_FILE === undefined,
    },
    ratesUrl: c.RATES_URL,
    paymentDeadlineMs: c.PAYMENT_DEADLINE_HOURS * 3600 * 1000,
    refundApprovalCny: c.REFUND_APPROVAL_CNY,
    queueSlaHours: c.QUEUE_SLA_HOURS,
    reserveAccount: {
      name: c.RESERVE_ACCOUNT_NAME || DEMO_RESERVE_ACCOUNT.name,
      bank: c.RESERVE_BANK || DEMO_RESERVE_ACCOUNT.bank,
      account_no: c.RESERVE_ACCOUNT_NO || DEMO_RESERVE_ACCOUNT.account_no,
    },
    sweepIntervalMs: c.SWEEP_INTERVAL_SECONDS * 1000,
    notifier: {
      intervalMs: c.NOTIFY_INTERVAL_SECONDS * 1000,
      sendTimeoutMs: c.NOTIFY_SEND_TIMEOUT_SECONDS * 1000,
      maxAttempts: c.NOTIFY_MAX_ATTEMPTS,
      retryMs: c.NOTIFY_RETRY_SECONDS * 1000,
      wechatTemplates: { orderUpdate: c.WECHAT_TEMPLATE_ORDER_UPDATE, paymentDue: c.WECHAT_TEMPLATE_PAYMENT_DUE },
    },
    trustProxy: c.TRUST_PROXY,
    logLevel: c.LOG_LEVEL,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}
