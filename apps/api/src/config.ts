import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPasswordField } from '@bilum/shared';
import { z } from 'zod';

/** The repository root, so that ./data and the web build resolve the same from any working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** Payments (decision 004): the test-card simulator unless PAYMENT_PROVIDER=stripe. */
const paymentEnv = {
  PAYMENT_PROVIDER: z.enum(['simulator', 'stripe']).default('simulator'),
  PAYMENT_WEBHOOK_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .optional(),
  ),
  STRIPE_API_PROTOCOL: optionalString.pipe(z.enum(['http', 'https']).optional()),
  /** How often the checkout jobs run (payment reconciliation, expired stock holds); 0 stops them. */
  CHECKOUT_JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Orders placed per client address in 15 minutes (retries of one checkout included). */
  CHECKOUT_ORDERS_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Unpaid orders holding stock at once, per client address and per shopper account (issue 16). */
  CHECKOUT_UNPAID_ORDERS_PER_IP: z.coerce.number().int().min(1).default(100),
  CHECKOUT_UNPAID_ORDERS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
};

const stripeKeyPrefixes = {
  STRIPE_SECRET_KEY: ['sk_', 'rk_'],
  STRIPE_PUBLISHABLE_KEY: ['pk_'],
  STRIPE_WEBHOOK_SECRET: ['whsec_'],
};

/** With Stripe, every key must be set and look like its kind (a swapped key fails here, not at the first sale). */
function requireStripeKeys(env: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (env.PAYMENT_PROVIDER !== 'stripe') return;
  for (const [key, prefixes] of Object.entries(stripeKeyPrefixes)) {
    const value = env[key];
    if (typeof value !== 'string' || value === '') {
      ctx.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENT_PROVIDER=stripe' });
    } else if (!prefixes.some((prefix) => value.startsWith(prefix))) {
      ctx.addIssue({ code: 'custom', path: [key], message: `should start with ${prefixes.join(' or ')}` });
    }
  }
}

/** Text messages (issue 31, decision 044): written to files unless SMS_PROVIDER names a gateway. */
const smsEnv = {
  SMS_PROVIDER: z.enum(['file', 'smpp', 'twilio']).default('file'),
  SMS_OUTBOX_DIR: optionalString,
  SMPP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^s?smpp:\/\/[^/\s]+$/, 'must be smpp://host:port')
      .optional(),
  ),
  SMPP_SYSTEM_ID: optionalString,
  SMPP_PASSWORD: optionalString,
  SMPP_SOURCE_ADDR: z.string().max(20).default('Bilum'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
};

const smsRequired = {
  smpp: ['SMPP_URL', 'SMPP_SYSTEM_ID', 'SMPP_PASSWORD'],
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
} as const;

/** A gateway needs its address and credentials (missing ones fail at start, not at the first text). */
function requireSmsSettings(env: Record<string, unknown>, ctx: z.RefinementCtx) {
  const provider = env.SMS_PROVIDER;
  if (provider !== 'smpp' && provider !== 'twilio') return;
  for (const key of smsRequired[provider]) {
    if (typeof env[key] !== 'string' || env[key] === '') {
      ctx.addIssue({ code: 'custom', path: [key], message: `required when SMS_PROVIDER=${provider}` });
    }
  }
}

export type SmsConfig =
  /** No gateway: each text becomes a .txt file in `outboxDir` (SMS_OUTBOX_DIR, default <DATA_DIR>/sms-outbox). */
  | { provider: 'file'; outboxDir: string }
  /** An SMPP aggregator (SMPP_URL smpp://host:port, or ssmpp:// over TLS); `sourceAddr` is the sender shown. */
  | { provider: 'smpp'; url: string; systemId: string; password: string; sourceAddr: string }
  /** Twilio's Messages API; `apiBase` only changes for tests against a local server. */
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiBase: string };

function smsConfig(e: z.output<typeof envSchema>): SmsConfig {
  // requireSmsSettings has checked that the gateway's settings are set.
  if (e.SMS_PROVIDER === 'smpp') {
    return {
      provider: 'smpp',
      url: e.SMPP_URL ?? '',
      systemId: e.SMPP_SYSTEM_ID ?? '',
      password: e.SMPP_PASSWORD ?? '',
      sourceAddr: e.SMPP_SOURCE_ADDR,
    };
  }
  if (e.SMS_PROVIDER === 'twilio') {
    return {
      provider: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID ?? '',
      authToken: e.TWILIO_AUTH_TOKEN ?? '',
      from: e.TWILIO_FROM ?? '',
      apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ''),
    };
  }
  return { provider: 'file', outboxDir: e.SMS_OUTBOX_DIR ?? path.join(e.DATA_DIR, 'sms-outbox') };
}

/** Accounts (issue 4): e-mail delivery, the first admin, and the limits on sign-in and code checks. */
const accountEnv = {
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Bilum <no-reply@bilum.com.pg>'),
  OUTBOX_DIR: optionalString,
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  ADMIN_USERNAME: optionalString,
  // The one password policy (issue 16, finding 11): 8 characters or more, not blank, not a common password.
  ADMIN_PASSWORD: optionalString.pipe(newPasswordField().optional()),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** The key of the HMACs that keep secrets at rest (security/server-key.ts); unset: generated into DATA_DIR. */
  SECRET_KEY: optionalString.pipe(z.string().min(32, 'must have at least 32 characters').optional()),
};

export interface MailConfig {
  /** Send through this SMTP server; unset: write each message into `outboxDir` (the log names the file only). */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** How often the background sender looks for due messages; 0 turns it off (tests drain by hand). */
  workerIntervalMs: number;
}

/** What unpaid checkouts can hold (modules/orders/order-holds.ts) and how fast orders may be placed. */
export interface CheckoutLimitsConfig {
  /** CHECKOUT_ORDERS_PER_IP: POST /api/orders per client address in `windowMs`. */
  ordersPerIp: number;
  windowMs: number;
  /** CHECKOUT_UNPAID_ORDERS_PER_IP / _PER_ACCOUNT: open card checkouts at once per guest address / per shopper (decision 029). */
  unpaidPerAddress: number;
  unpaidPerAccount: number;
}

export interface AuthLimitsConfig {
  perIp: number;
  perAccount: number;
  windowMs: number;
  /**
   * Past `perAccount` wrong passwords from anywhere, an account's tries wait `stepMs`, doubling with each new
   * wrong password, at most `maxMs`: slowed down, never locked. Unset: modules/auth/password-guess-limits.ts.
   */
  accountSlowDown?: { stepMs: number; maxMs: number };
}

/** proxy-addr's names for address ranges (Fastify's trustProxy list takes them as well as addresses and CIDRs). */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One TRUSTED_PROXIES entry: an address, an address/prefix (CIDR), or loopback, linklocal or uniquelocal. */
function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For, -Host and -Proto headers count, comma-separated
 * (e.g. `127.0.0.1,10.0.0.0/8`). Empty (the default): none, so a client's own headers change nothing.
 */
const trustedProxiesEnv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.every(isProxyAddress), {
    message: 'must be addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8), or loopback, linklocal, uniquelocal',
  });

/** Several instances on one database (issue 11, docs/deployment.md). */
const deploymentEnv = {
  TRUSTED_PROXIES: trustedProxiesEnv,
  REDIS_URL: optionalString,
  REDIS_KEY_PREFIX: z.string().default('bilum:'),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
};

export interface DeploymentConfig {
  /**
   * TRUSTED_PROXIES: the addresses/CIDRs whose proxy headers Fastify believes (its `trustProxy` list); empty:
   * none. The client's address is then the nearest one in X-Forwarded-For that is not a trusted proxy.
   */
  trustedProxies: string[];
  /** MIGRATE_ON_START=false: `npm run migrate` runs once per deploy instead (several instances). */
  migrateOnStart: boolean;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per instance (plus one for cache change notifications). */
  databasePoolSize: number;
  /** REDIS_URL: rate-limit counters in Redis; unset: in the database. Either way shared by every instance. */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX + `rate-limit:`: the counters' keys (several shops can share one Redis). */
  rateLimitKeyPrefix: string;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
}

function deploymentConfig(e: z.output<typeof envSchema>): DeploymentConfig {
  return {
    trustedProxies: e.TRUSTED_PROXIES,
    migrateOnStart: e.MIGRATE_ON_START,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    rateLimitKeyPrefix: `${e.REDIS_KEY_PREFIX}rate-limit:`,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  ...paymentEnv,
  ...accountEnv,
  ...smsEnv,
  ...deploymentEnv,
  /**
   * Product pictures fetched from an address (issue 18): true lets the fetch reach loopback addresses, plain
   * http included, for tests with a local server. Never on a real shop: it opens the SSRF guard to this machine.
   */
  /** Addresses per sitemap file before /sitemap.xml becomes an index of files (issue 20). */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(10_000),
  IMAGE_FETCH_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Runs even when other variables are bad too, so that one error lists everything. */
const checkedEnvSchema = envSchema
  .superRefine(requireStripeKeys, { when: () => true })
  .superRefine(requireSmsSettings, { when: () => true });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  webDist: string;
  logLevel: string;
  seedDemoData: boolean;
  payments: PaymentsConfig;
  /** CHECKOUT_JOBS_INTERVAL_MS: the checkout's background jobs (modules/orders/checkout-jobs.ts); 0 = off. */
  checkoutJobsIntervalMs: number;
  checkoutLimits: CheckoutLimitsConfig;
  mail: MailConfig;
  /** SMS_PROVIDER and its settings: where text messages go (modules/texts). */
  sms: SmsConfig;
  /** ADMIN_USERNAME / ADMIN_PASSWORD: the admin account ensured at start (modules/auth/admin-account.ts). */
  admin: { username: string; password: string | undefined };
  authLimits: AuthLimitsConfig;
  deployment: DeploymentConfig;
  /** SECRET_KEY: the server key (security/server-key.ts); unset: generated once into `<DATA_DIR>/server-key`. */
  secretKey: string | undefined;
  /** IMAGE_FETCH_ALLOW_LOOPBACK: picture addresses on this machine may be fetched (tests only; security/outbound-fetch.ts). */
  imageFetch: { allowLoopback: boolean };
  /** SITEMAP_URLS_PER_FILE: addresses per sitemap file (modules/seo/sitemap.service.ts). */
  sitemapUrlsPerFile: number;
};

export type PaymentsConfig =
  /** `webhookSecret` signs the simulator's events; random per start when PAYMENT_WEBHOOK_SECRET is unset. */
  | { provider: 'simulator'; webhookSecret: string }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Only for tests against a local stub of the Stripe API. */
      api: { host?: string; port?: number; protocol?: 'http' | 'https' };
    };

function paymentsConfig(e: z.output<typeof envSchema>): PaymentsConfig {
  if (e.PAYMENT_PROVIDER === 'simulator') {
    return {
      provider: 'simulator',
      webhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? `whsec_sim_${randomBytes(24).toString('hex')}`,
    };
  }
  return {
    provider: 'stripe',
    // requireStripeKeys has checked that the three keys are set.
    secretKey: e.STRIPE_SECRET_KEY ?? '',
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
    api: { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL },
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; one error lists every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    seedDemoData: e.SEED_DEMO_DATA,
    payments: paymentsConfig(e),
    checkoutJobsIntervalMs: e.CHECKOUT_JOBS_INTERVAL_MS,
    checkoutLimits: {
      ordersPerIp: e.CHECKOUT_ORDERS_PER_IP,
      windowMs: 15 * 60_000,
      unpaidPerAddress: e.CHECKOUT_UNPAID_ORDERS_PER_IP,
      unpaidPerAccount: e.CHECKOUT_UNPAID_ORDERS_PER_ACCOUNT,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: e.OUTBOX_DIR ?? path.join(e.DATA_DIR, 'outbox'),
      workerIntervalMs: e.MAIL_WORKER_INTERVAL_MS,
    },
    sms: smsConfig(e),
    admin: { username: (e.ADMIN_USERNAME ?? 'admin').toLowerCase(), password: e.ADMIN_PASSWORD },
    authLimits: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    },
    deployment: deploymentConfig(e),
    secretKey: e.SECRET_KEY,
    imageFetch: { allowLoopback: e.IMAGE_FETCH_ALLOW_LOOPBACK },
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
  };
}

/** The shop's address for links in e-mails: PUBLIC_URL, or this machine when it is unset (never a request's Host). */
export function shopUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/** Defaults for tests: no web build, no data folder, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MAIL_WORKER_INTERVAL_MS: '0',
      CHECKOUT_JOBS_INTERVAL_MS: '0',
    }),
    webDist: '',
    secretKey: randomBytes(32).toString('hex'),
    // Texts that tests' outbox drains send are files outside the repository's data folder.
    sms: { provider: 'file', outboxDir: path.join(tmpdir(), 'bilum-test-sms-outbox') },
    ...overrides,
  };
}
