// Every entry point builds its acting context with a constructor of acting-context.ts: no actor
// types of its own, no fake owner contexts, no transaction smuggled in as a database.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestSupport, ROOT, sourceFiles } from '../test/import-graph';
import {
  actingApiKeyId,
  actingUserId,
  apiKeyContext,
  scimContext,
  systemContext,
  userContext,
} from './acting-context';

const HOME = 'server/lib/acting-context.ts';

/** `file:line text` of every product line under server/ and scripts/ matching the pattern. */
function linesMatching(pattern: RegExp): string[] {
  const files = ['server', 'scripts'].flatMap((dir) =>
    sourceFiles(join(ROOT, dir), (p) => !isTestSupport(p)),
  );
  return files.flatMap((file) => {
    const path = relative(ROOT, file);
    if (path === HOME) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, i) => (pattern.test(text) ? [`${path}:${i + 1} ${text.trim()}`] : []));
  });
}

describe('acting context', () => {
  it('is built only by its constructors', () => {
    // An actor literal ({ type: 'user' | 'api_key' | 'scim_token' | 'system', … }) or a type of one.
    expect(linesMatching(/actor: \{ type: '/)).toEqual([]);
    expect(linesMatching(/(interface|type) Actor\b/)).toEqual([]);
  });

  it('has no fake owner contexts and no transaction cast to a database', () => {
    expect(linesMatching(/role: 'owner'.*\bas\b|userId as string/)).toEqual([]);
    expect(linesMatching(/\btx as (unknown as )?Db\b/)).toEqual([]);
  });

  it('records audit events without a context only before one exists', () => {
    // Signing up, signing in (password, SSO, an API key), resetting a password, accepting an
    // invitation, answering an e-mailed attestation link: everything else records with its context.
    const allowed = new Set([
      'server/lib/audit/index.ts',
      'server/lib/audit/record-audit.ts',
      'server/modules/api-keys/authenticate.ts',
      'server/modules/attestations/attestations.service.ts',
      'server/modules/auth/auth.service.ts',
      'server/modules/onboarding/onboarding.service.ts',
      'server/modules/sso/sign-in.ts',
      'server/modules/team/invitations.service.ts',
    ]);
    const callers = linesMatching(/\brecordAuditWithoutContext\b/).map((line) => line.split(':')[0]!);
    expect([...new Set(callers)].filter((file) => !allowed.has(file))).toEqual([]);
  });

  it('attributes each actor: the member, the key and its maker, the token’s maker, or nobody', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const user = userContext('org', 'u1', 'admin', now);
    const key = apiKeyContext('org', { keyId: 'k1', onBehalfOf: 'u2', role: 'member' }, now);
    const scim = scimContext('org', { tokenId: 't1', creator: 'u3' }, now);
    const daily = systemContext('org', 'daily run', now);
    expect([user, key, scim, daily].map(actingUserId)).toEqual(['u1', 'u2', 'u3', null]);
    expect([user, key, scim, daily].map(actingApiKeyId)).toEqual([null, 'k1', null, null]);
  });
});
