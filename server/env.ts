import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseMasterKey, type SecretKeys } from './lib/crypto/secret-box';

/** An IP address, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address, bits, extra] = value.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

// Every environment variable the server reads, parsed once. Nothing else reads process.env.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Stackwise <no-reply@stackwise.local>'),
  /** Defaults to http://localhost:$PORT. */
  APP_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per request; `json`: one JSON object per line. Default: pretty on a terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Calls one API key, or the SCIM token, may make per minute (429 beyond, with Retry-After). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * Which proxies' X-Forwarded-For entries to believe: `false`, a hop count (`1`, `2`), or a comma list
   * of proxy addresses/CIDRs (and proxy-addr's `loopback`, `linklocal`, `uniquelocal`). `true` is
   * one hop: trusting every hop would let a client pick its address by sending the header itself.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      if (v === 'false' || v === '0') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      const proxies = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = proxies.filter((p) => !isProxyAddress(p));
      if (proxies.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected false, true, a hop count or a comma list of proxy addresses/CIDRs (not ${bad.join(', ') || v})`,
        });
        return z.NEVER;
      }
      return proxies;
    }),
  GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_PRO_MONTHLY: z.string().optional(),
  STRIPE_PRICE_PRO_YEARLY: z.string().optional(),
  STRIPE_PRICE_SCALE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_SCALE_YEARLY: z.string().optional(),
  /** Where the Stripe API lives; only changed to point tests at a local stand-in. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Lets webhooks reach private, loopback and link-local addresses (tests, on-premise receivers). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Minutes after 00:00 UTC over which organizations' daily runs are spread (0: all at midnight). */
  DAILY_JOBS_SPREAD_MINUTES: z.coerce.number().int().min(0).max(1440).default(360),
  SCHEDULER_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Where uploaded files live: local disk (default), PostgreSQL, or S3-compatible object storage. */
  STORAGE_DRIVER: z.enum(['local', 'postgres', 's3']).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service (MinIO, R2, Ceph…); without it, AWS S3. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * An OpenAI-compatible chat-completions endpoint (OpenAI, Azure, Ollama, vLLM) that words insight
   * explanations and the weekly digest from the computed evidence; off when unset.
   */
  /** An ECB-format reference-rates CSV fetched once a day (FX rates of multi-currency organizations); off when unset. */
  FX_RATES_URL: z.string().url().optional(),
  /** Google Workspace connector (issue 35): the OAuth client made in Google Cloud (unset: Connect is not offered). */
  GOOGLE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's consent page and token endpoint (overridable for a local fake). */
  GOOGLE_OAUTH_AUTHORIZE_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  /** Base of the Admin SDK (Directory and Reports APIs). */
  GOOGLE_API_BASE_URL: z.string().url().default('https://admin.googleapis.com'),
  /** Microsoft Entra ID connector: the app registration (multitenant, web; unset: Connect is not offered). */
  MICROSOFT_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** The Microsoft identity platform's authorize and token endpoints (tenant `organizations`; overridable for a local fake). */
  MICROSOFT_OAUTH_AUTHORIZE_URL: z
    .string()
    .url()
    .default('https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize'),
  MICROSOFT_OAUTH_TOKEN_URL: z
    .string()
    .url()
    .default('https://login.microsoftonline.com/organizations/oauth2/v2.0/token'),
  /** Base of Microsoft Graph (v1.0 is in the paths). */
  MICROSOFT_GRAPH_BASE_URL: z.string().url().default('https://graph.microsoft.com'),
  /** Base of the Enterprise License Manager API (Google Workspace seats). */
  GOOGLE_LICENSING_API_BASE_URL: z.string().url().default('https://licensing.googleapis.com'),
  /** Slack connector (issue 35): the Slack app's OAuth client (unset: Connect is not offered). */
  SLACK_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  SLACK_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Slack's consent page and token endpoint (OAuth v2; overridable for a local fake). */
  SLACK_OAUTH_AUTHORIZE_URL: z.string().url().default('https://slack.com/oauth/v2/authorize'),
  SLACK_OAUTH_TOKEN_URL: z.string().url().default('https://slack.com/api/oauth.v2.access'),
  /** Base of the Slack Web API (methods are `BASE/users.list`…). */
  SLACK_API_BASE_URL: z.string().url().default('https://slack.com/api'),
  /** QuickBooks Online connector: the app made on developer.intuit.com (unset: Connect is not offered). */
  QUICKBOOKS_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  QUICKBOOKS_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  QUICKBOOKS_OAUTH_AUTHORIZE_URL: z.string().url().default('https://appcenter.intuit.com/connect/oauth2'),
  QUICKBOOKS_OAUTH_TOKEN_URL: z
    .string()
    .url()
    .default('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer'),
  /** Base of the QuickBooks Online Accounting API (sandbox: https://sandbox-quickbooks.api.intuit.com). */
  QUICKBOOKS_API_BASE_URL: z.string().url().default('https://quickbooks.api.intuit.com'),
  /** Xero connector: the app made on developer.xero.com (unset: Connect is not offered). */
  XERO_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  XERO_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  XERO_OAUTH_AUTHORIZE_URL: z.string().url().default('https://login.xero.com/identity/connect/authorize'),
  XERO_OAUTH_TOKEN_URL: z.string().url().default('https://identity.xero.com/connect/token'),
  /** Base of the Xero API (GET /connections, /api.xro/2.0/…). */
  XERO_API_BASE_URL: z.string().url().default('https://api.xero.com'),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Bearer token of the operator's group-offer endpoints (/api/operator/offers); unset: they answer 404. */
  OPERATOR_TOKEN: z.string().min(16).optional(),
  /** Where requests for group offers are e-mailed; unset: they are only recorded. */
  OPERATOR_EMAIL: z.string().email().optional(),
  /** A JSON array of group offers (operatorOfferBody) loaded at start, replacing the previous file's. */
  GROUP_OFFERS_FILE: z.string().min(1).optional(),
  /** Domain of the invoice-forwarding addresses (invoices+<token>@…); default `inbound.` + APP_URL's host. */
  INBOUND_DOMAIN: z.string().trim().toLowerCase().min(1).optional(),
  /** Port of the built-in SMTP receiver for forwarded invoices; unset: the receiver is off. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the SMTP receiver binds to. */
  INBOUND_SMTP_HOST: z.string().default('0.0.0.0'),
  /** PEM key and certificate files: the SMTP receiver offers STARTTLS when both are set. */
  INBOUND_TLS_KEY: z.string().min(1).optional(),
  INBOUND_TLS_CERT: z.string().min(1).optional(),
  /**
   * DNS servers (comma list of host[:port]) that verify single sign-on domains' TXT records;
   * unset: the system's resolvers.
   */
  DNS_SERVERS: z
    .string()
    .optional()
    .transform(
      (v) =>
        v
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean) ?? [],
    ),
  /**
   * Secret of the HTTP inbound endpoints: the Bearer token of /api/inbound/raw and the Basic-auth
   * password of the Postmark and SendGrid webhook URLs; unset: those routes answer 404.
   */
  INBOUND_HTTP_SECRET: z.string().min(16).optional(),
  /** Mailgun's HTTP webhook signing key (checks /api/inbound/mailgun); unset: that route answers 404. */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(1).optional(),
  /** Messages one organization may receive per hour, over every transport. */
  INBOUND_RATE_PER_HOUR: z.coerce.number().int().min(1).default(500),
  /**
   * Master key (32 bytes, base64) sealing stored secrets (OIDC client secret, webhook signing
   * secrets); unset on the embedded database: generated into DATA_DIR/secrets-key.
   */
  SECRETS_ENCRYPTION_KEY: z.string().optional(),
  /** Comma list of former master keys, still read until boot has sealed every value with the current one. */
  SECRETS_ENCRYPTION_KEYS_PREVIOUS: z.string().optional(),
});

export type RawEnv = z.infer<typeof envSchema>;
export interface Env extends RawEnv {
  APP_URL: string;
  LOG_FORMAT: 'pretty' | 'json';
  SESSION_SECRET: string;
  dataDir: string;
  filesDir: string;
  storageDriver: 'local' | 'postgres' | 's3';
  secureCookies: boolean;
  appOrigin: string;
  INBOUND_DOMAIN: string;
  /** The master keys of stored secrets (server/lib/crypto/secret-box.ts). */
  secretKeys: SecretKeys;
}

/** Reads the secret from DATA_DIR, creating it on first boot, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The master keys: from the environment, or on the embedded database a key kept in
 * DATA_DIR/secrets-key (created on first boot), so a laptop needs no configuration. On PostgreSQL
 * several servers share the data, so the key must come from the environment (none: current null).
 */
function secretKeysOf(raw: RawEnv, dataDir: string): SecretKeys {
  const problems: string[] = [];
  const parse = (name: string, text: string) => {
    const key = parseMasterKey(text);
    if (typeof key === 'string') problems.push(`  ${name}: ${key}`);
    return typeof key === 'string' ? null : key;
  };
  const current = raw.SECRETS_ENCRYPTION_KEY
    ? parse('SECRETS_ENCRYPTION_KEY', raw.SECRETS_ENCRYPTION_KEY)
    : null;
  const previous = (raw.SECRETS_ENCRYPTION_KEYS_PREVIOUS ?? '')
    .split(',')
    .filter((k) => k.trim())
    .flatMap((k) => parse('SECRETS_ENCRYPTION_KEYS_PREVIOUS', k) ?? []);
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  if (raw.DATABASE_URL) return { current, previous };
  const file = path.join(dataDir, 'secrets-key');
  const stored = existsSync(file) ? parseMasterKey(readFileSync(file, 'utf8')) : null;
  if (typeof stored === 'string') throw new Error(`${file}: ${stored}`);
  // A key set after the file's: the file's stays readable, so boot re-seals what it sealed.
  if (current) return { current, previous: stored ? [...previous, stored] : previous };
  if (stored) return { current: stored, previous };
  const created = randomBytes(32);
  writeFileSync(file, created.toString('base64'), { mode: 0o600 });
  return { current: created, previous };
}

export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  options: { terminal?: boolean } = {},
): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const raw = result.data;
  if (raw.STORAGE_DRIVER === 's3' && !raw.S3_BUCKET) {
    throw new Error('Invalid environment:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  if (Boolean(raw.INBOUND_TLS_KEY) !== Boolean(raw.INBOUND_TLS_CERT)) {
    throw new Error('Invalid environment:\n  INBOUND_TLS_KEY and INBOUND_TLS_CERT go together');
  }
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const dataDir = path.resolve(raw.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const APP_URL = raw.APP_URL ?? `http://localhost:${raw.PORT}`;
  const appUrl = new URL(APP_URL);
  const terminal = options.terminal ?? Boolean(process.stdout.isTTY);
  return {
    ...raw,
    APP_URL,
    LOG_FORMAT: raw.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    SESSION_SECRET: raw.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    storageDriver: raw.STORAGE_DRIVER ?? 'local',
    secureCookies: appUrl.protocol === 'https:',
    appOrigin: appUrl.origin,
    INBOUND_DOMAIN: raw.INBOUND_DOMAIN ?? `inbound.${appUrl.hostname}`,
    secretKeys: secretKeysOf(raw, dataDir),
  };
}

/** The variables' values for processes the server starts itself (e.g. tests reading TEST_DATABASE_URL). */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
