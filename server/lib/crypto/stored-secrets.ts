// The boot-time data migration of stored secrets: after the SQL migrations, every secret stored in
// plain text (before encryption at rest) or sealed under a previous key is sealed with the current
// one. Boot refuses to go on when a stored secret could not be read afterwards (no key on
// PostgreSQL, or a key that was dropped too early) and says what to set.

import type { Database } from '../../db/client';
import { keyIdIn, type SealedColumnName, type SecretBox } from './secret-box';

/** Every column holding a sealed secret; a new one is added here and to SealedColumnName. */
export const SEALED_COLUMNS: readonly SealedColumnName[] = [
  'sso_connections.oidc_client_secret',
  'notification_settings.webhook_secret',
  'connections.access_token',
  'connections.refresh_token',
  'connections.client_key',
];

// Any constant works; it only has to be the same in every server sharing the database.
const SEAL_LOCK_ID = 727_274_002;
const GENERATE_HINT = 'generate one with `openssl rand -base64 32`';

/** Why the server cannot start with the stored secrets, and what to set. */
export class StoredSecretsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoredSecretsError';
  }
}

interface StoredSecret {
  column: SealedColumnName;
  orgId: string;
  value: string;
}

async function readStoredSecrets(database: Database): Promise<StoredSecret[]> {
  const found: StoredSecret[] = [];
  for (const column of SEALED_COLUMNS) {
    const [table, name] = column.split('.');
    const { rows } = await database.query(
      `select organization_id, ${name} as value from ${table} where ${name} is not null`,
      [],
    );
    for (const row of rows)
      found.push({ column, orgId: String(row.organization_id), value: String(row.value) });
  }
  return found;
}

/** Throws, with what to do, when the server could not read every stored secret with its keys. */
export function checkStoredSecrets(stored: StoredSecret[], box: SecretBox): void {
  if (stored.length && !box.hasKey) {
    throw new StoredSecretsError(
      `${stored.length} secret(s) (OIDC client secret, webhook signing secrets, connector tokens) are stored in the database, ` +
        'but SECRETS_ENCRYPTION_KEY is not set. Set it to the same key on every server — ' +
        `${GENERATE_HINT} — and keep it safe: the stored secrets are sealed with it.`,
    );
  }
  const unknown = [...new Set(stored.filter((s) => !box.canOpen(s.value)).map((s) => keyIdIn(s.value)))];
  if (unknown.length) {
    throw new StoredSecretsError(
      `Stored secrets are sealed with key(s) ${unknown.join(', ')}, which are neither SECRETS_ENCRYPTION_KEY ` +
        `(key ${box.keyId}) nor in SECRETS_ENCRYPTION_KEYS_PREVIOUS. Put the former key back in ` +
        'SECRETS_ENCRYPTION_KEYS_PREVIOUS until every server has started with the new one.',
    );
  }
}

/**
 * Checks the stored secrets, then seals those in plain text or under a previous key with the
 * current one (one server at a time; each update applies only if the value is still the one read).
 * Answers how many were sealed.
 */
export async function sealStoredSecrets(database: Database, box: SecretBox): Promise<number> {
  return database.exclusively(SEAL_LOCK_ID, async () => {
    const stored = await readStoredSecrets(database);
    checkStoredSecrets(stored, box);
    let sealed = 0;
    for (const secret of stored) {
      if (!box.needsReseal(secret.value)) continue;
      const context = { column: secret.column, orgId: secret.orgId };
      const [table, name] = secret.column.split('.');
      const { rows } = await database.query(
        `update ${table} set ${name} = $1 where organization_id = $2 and ${name} = $3 returning organization_id`,
        [box.seal(box.open(secret.value, context), context), secret.orgId, secret.value],
      );
      sealed += rows.length;
    }
    return sealed;
  });
}
