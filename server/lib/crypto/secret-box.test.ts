import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createSecretBox, keyIdOf, parseMasterKey, type SealContext } from './secret-box';
import { checkStoredSecrets } from './stored-secrets';

const ctx: SealContext = { column: 'sso_connections.oidc_client_secret', orgId: 'org-1' };
const oldKey = randomBytes(32);
const newKey = randomBytes(32);

describe('secret box', () => {
  it('seals with a fresh data key each time and opens back', () => {
    const box = createSecretBox({ current: newKey, previous: [] });
    const a = box.seal('client-secret-value', ctx);
    const b = box.seal('client-secret-value', ctx);
    expect(a).toMatch(new RegExp(`^enc:v1:${keyIdOf(newKey)}:[\\w-]+:[\\w-]+$`));
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret-value');
    expect(box.open(a, ctx)).toBe('client-secret-value');
    expect(box.open(b, ctx)).toBe('client-secret-value');
  });

  it('refuses a value moved to another organization or column, or altered', () => {
    const box = createSecretBox({ current: newKey, previous: [] });
    const sealed = box.seal('s3cret', ctx);
    expect(() => box.open(sealed, { ...ctx, orgId: 'org-2' })).toThrow();
    expect(() => box.open(sealed, { ...ctx, column: 'notification_settings.webhook_secret' })).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.at(-1);
    expect(() => box.open(flipped, ctx)).toThrow();
  });

  it('reads values of a previous key, which need sealing again; a dropped key cannot read', () => {
    const before = createSecretBox({ current: oldKey, previous: [] });
    const sealed = before.seal('rotate-me', ctx);
    const rotated = createSecretBox({ current: newKey, previous: [oldKey] });
    expect(rotated.canOpen(sealed)).toBe(true);
    expect(rotated.needsReseal(sealed)).toBe(true);
    expect(rotated.open(sealed, ctx)).toBe('rotate-me');
    expect(rotated.needsReseal(rotated.seal('rotate-me', ctx))).toBe(false);
    const dropped = createSecretBox({ current: newKey, previous: [] });
    expect(dropped.canOpen(sealed)).toBe(false);
    expect(() => dropped.open(sealed, ctx)).toThrow(/SECRETS_ENCRYPTION_KEYS_PREVIOUS/);
  });

  it('answers a value stored before encryption as is, marked for sealing', () => {
    const box = createSecretBox({ current: newKey, previous: [] });
    expect(box.open('legacy-plain', ctx)).toBe('legacy-plain');
    expect(box.needsReseal('legacy-plain')).toBe(true);
  });

  it('without a key, refuses to seal with a 409 naming the variable', () => {
    const box = createSecretBox({ current: null, previous: [] });
    expect(box.hasKey).toBe(false);
    expect(() => box.seal('x', ctx)).toThrow(
      expect.objectContaining({
        status: 409,
        message: expect.stringMatching(/SECRETS_ENCRYPTION_KEY.*openssl rand -base64 32/),
      }),
    );
  });

  it('takes 32-byte keys in base64 only', () => {
    expect(parseMasterKey(newKey.toString('base64'))).toEqual(newKey);
    expect(parseMasterKey(newKey.toString('base64url'))).toEqual(newKey);
    expect(parseMasterKey('short')).toMatch(/32 bytes/);
    expect(parseMasterKey('not base64 at all!')).toMatch(/base64/);
  });
});

describe('the startup check', () => {
  const stored = (value: string) => ({ column: ctx.column, orgId: 'org-1', value });

  it('refuses stored secrets without a key, naming the variable and how to make one', () => {
    const none = createSecretBox({ current: null, previous: [] });
    expect(() => checkStoredSecrets([stored('plain')], none)).toThrow(
      /1 secret\(s\).*SECRETS_ENCRYPTION_KEY is not set.*openssl rand -base64 32/,
    );
    // Nothing stored: the server starts (and refuses only to save one).
    expect(() => checkStoredSecrets([], none)).not.toThrow();
  });

  it('refuses values sealed under a key it does not hold', () => {
    const sealed = createSecretBox({ current: oldKey, previous: [] }).seal('x', ctx);
    const box = createSecretBox({ current: newKey, previous: [] });
    expect(() => checkStoredSecrets([stored(sealed)], box)).toThrow(
      new RegExp(`key\\(s\\) ${keyIdOf(oldKey)}.*SECRETS_ENCRYPTION_KEYS_PREVIOUS`),
    );
    expect(() =>
      checkStoredSecrets(
        [stored(sealed), stored('plain')],
        createSecretBox({ current: newKey, previous: [oldKey] }),
      ),
    ).not.toThrow();
  });
});

describe('keys from the environment', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stackwise-keys-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('on the embedded database with no key, creates DATA_DIR/secrets-key (mode 600) and keeps it', () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir }).secretKeys;
    const file = path.join(dir, 'secrets-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toEqual(first.current);
    expect(parseEnv({ DATA_DIR: dir }).secretKeys.current).toEqual(first.current);
  });

  it('with a key set later, keeps the file key readable so boot re-seals its values', () => {
    const dir = dataDir();
    const fileKey = parseEnv({ DATA_DIR: dir }).secretKeys.current!;
    const keys = parseEnv({ DATA_DIR: dir, SECRETS_ENCRYPTION_KEY: newKey.toString('base64') }).secretKeys;
    expect(keys.current).toEqual(newKey);
    expect(keys.previous).toEqual([fileKey]);
  });

  it('on PostgreSQL takes the keys from the environment only (none: no key, no file)', () => {
    const dir = dataDir();
    const url = 'postgres://db.example.com/stackwise';
    expect(parseEnv({ DATA_DIR: dir, DATABASE_URL: url }).secretKeys).toEqual({
      current: null,
      previous: [],
    });
    expect(() => statSync(path.join(dir, 'secrets-key'))).toThrow();
    const keys = parseEnv({
      DATA_DIR: dir,
      DATABASE_URL: url,
      SECRETS_ENCRYPTION_KEY: newKey.toString('base64'),
      SECRETS_ENCRYPTION_KEYS_PREVIOUS: ` ${oldKey.toString('base64')} ,`,
    }).secretKeys;
    expect(keys).toEqual({ current: newKey, previous: [oldKey] });
  });

  it('refuses a malformed key at start, naming the variable', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), SECRETS_ENCRYPTION_KEY: 'too-short' })).toThrow(
      /SECRETS_ENCRYPTION_KEY: must be 32 bytes/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), SECRETS_ENCRYPTION_KEYS_PREVIOUS: 'bad key!' })).toThrow(
      /SECRETS_ENCRYPTION_KEYS_PREVIOUS: must be base64/,
    );
  });
});
