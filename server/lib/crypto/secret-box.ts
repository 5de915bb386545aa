// Encryption at rest for secrets the server must read back (OIDC client secret, webhook signing
// secrets, connector tokens). Envelope encryption: each value gets a random data key
// (AES-256-GCM), and that data key is wrapped by the master key (AES-256-GCM). A sealed value
// names its master key (`enc:v1:<keyId>:<wrapped key>:<ciphertext>`), so values sealed under an
// old key stay readable while SECRETS_ENCRYPTION_KEYS_PREVIOUS holds it, and boot re-seals them.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../errors';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Where a sealed value lives: bound into the ciphertext, so a value copied to another row or column does not open. */
export interface SealContext {
  column: SealedColumnName;
  orgId: string;
}

/** Every column holding a sealed secret (`table.column`); the boot-time migration walks them. */
export type SealedColumnName =
  | 'sso_connections.oidc_client_secret'
  | 'notification_settings.webhook_secret'
  | 'connections.access_token'
  | 'connections.refresh_token'
  | 'connections.client_key';

export interface SecretKeys {
  /** Seals new values; null on PostgreSQL without SECRETS_ENCRYPTION_KEY. */
  current: Buffer | null;
  /** Old keys, still accepted for reading. */
  previous: Buffer[];
}

export interface SecretBox {
  /** Whether a master key is configured (values can be sealed). */
  readonly hasKey: boolean;
  /** Id of the current master key, or null without one. */
  readonly keyId: string | null;
  seal(plain: string, context: SealContext): string;
  /** The plain value; a value stored before encryption (plain text) is answered as is until boot seals it. */
  open(stored: string, context: SealContext): string;
  /** True when a stored value is plain text or sealed under another key than the current one. */
  needsReseal(stored: string): boolean;
  /** Whether this box can read a stored value (plain text, or sealed under a key it holds). */
  canOpen(stored: string): boolean;
}

/** True when a stored value is sealed (rather than legacy plain text). */
export const isSealed = (value: string) => value.startsWith(PREFIX);

/** A short, non-secret fingerprint of a master key, written in each value it wraps. */
export const keyIdOf = (key: Buffer) =>
  createHash('sha256').update('stackwise-secrets-key:').update(key).digest('hex').slice(0, 8);

/** The key id a sealed value names, or null for plain text. */
export const keyIdIn = (stored: string) =>
  isSealed(stored) ? stored.slice(PREFIX.length).split(':')[0] : null;

function encrypt(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** The error a save answers when the installation has no key to seal secrets with. */
export const noKeyError = () =>
  new AppError(
    'secrets_key_missing',
    'This server cannot store secrets: SECRETS_ENCRYPTION_KEY is not set. Ask your administrator to ' +
      'set it on every server (generate one with `openssl rand -base64 32`).',
  );

export function createSecretBox(keys: SecretKeys): SecretBox {
  const byId = new Map<string, Buffer>();
  for (const key of [...keys.previous, ...(keys.current ? [keys.current] : [])]) byId.set(keyIdOf(key), key);
  const currentId = keys.current ? keyIdOf(keys.current) : null;
  const contextOf = (keyId: string, context: SealContext) =>
    `${PREFIX}${keyId}|${context.column}|${context.orgId}`;

  return {
    hasKey: currentId !== null,
    keyId: currentId,
    seal(plain, context) {
      if (!keys.current || !currentId) throw noKeyError();
      const dataKey = randomBytes(32);
      const aad = contextOf(currentId, context);
      const wrapped = encrypt(keys.current, dataKey, aad);
      const body = encrypt(dataKey, Buffer.from(plain, 'utf8'), aad);
      return `${PREFIX}${currentId}:${wrapped.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const [keyId, wrapped, body] = stored.slice(PREFIX.length).split(':');
      const key = byId.get(keyId);
      if (!key) {
        throw new Error(
          `A secret is sealed with key ${keyId}, which is neither SECRETS_ENCRYPTION_KEY nor in SECRETS_ENCRYPTION_KEYS_PREVIOUS.`,
        );
      }
      const aad = contextOf(keyId, context);
      const dataKey = decrypt(key, Buffer.from(wrapped ?? '', 'base64url'), aad);
      return decrypt(dataKey, Buffer.from(body ?? '', 'base64url'), aad).toString('utf8');
    },
    needsReseal: (stored) => keyIdIn(stored) !== currentId,
    canOpen: (stored) => !isSealed(stored) || byId.has(keyIdIn(stored)!),
  };
}

/** A master key from its base64 text, or an error message saying what is wrong with it. */
export function parseMasterKey(text: string): Buffer | string {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return 'must be base64 (openssl rand -base64 32)';
  const key = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
  return key.length === 32 ? key : `must be 32 bytes in base64, not ${key.length} (openssl rand -base64 32)`;
}
