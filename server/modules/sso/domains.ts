import { Resolver } from 'node:dns/promises';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { newToken } from '../../lib/tokens';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import {
  deleteDomain,
  findDomain,
  findDomainByName,
  findVerifiedDomain,
  insertDomain,
  listDomains,
  updateDomain,
  type SsoDomainRow,
} from './sso.repo';

// The e-mail domains an organization signs in with SSO, proved by a DNS TXT record.

const TXT_PREFIX = '_stackwise-verification';
const TXT_VALUE_PREFIX = 'stackwise-verification=';

/** Public mailbox providers: nobody owns their users' addresses, so no organization may claim them. */
const WEBMAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
]);

export function presentDomain(row: SsoDomainRow) {
  return {
    id: row.id,
    domain: row.domain,
    verified: Boolean(row.verifiedAt),
    verifiedAt: row.verifiedAt,
    lastCheckedAt: row.lastCheckedAt,
    txtRecord: { name: `${TXT_PREFIX}.${row.domain}`, value: `${TXT_VALUE_PREFIX}${row.verificationToken}` },
    createdAt: row.createdAt,
  };
}

const takenElsewhere = (domain: string) =>
  conflict(`${domain} is already verified by another organization. Contact support if it is yours.`);

export async function listSsoDomains(deps: ServiceDeps, ctx: RequestContext) {
  return (await listDomains(deps.db, ctx.orgId)).map(presentDomain);
}

export async function addSsoDomain(deps: ServiceDeps, ctx: RequestContext, domain: string) {
  if (WEBMAIL.has(domain)) {
    throw badRequest(`${domain} is a public e-mail provider: add your company's own domain.`, {
      fields: [{ field: 'domain', message: 'Public e-mail domains cannot be used for single sign-on' }],
    });
  }
  if (await findDomainByName(deps.db, ctx.orgId, domain)) throw conflict(`${domain} is already in the list.`);
  const verified = await findVerifiedDomain(deps.db, domain);
  if (verified && verified.domain.organizationId !== ctx.orgId) throw takenElsewhere(domain);
  return deps.db.transaction(async (tx) => {
    const row = await insertDomain(tx, ctx.orgId, domain, newToken(18));
    await recordAudit(tx, ctx, {
      action: 'sso.domain_add',
      entityType: 'sso_domain',
      entityId: row.id,
      changes: { domain },
    });
    return presentDomain(row);
  });
}

/** The TXT values at the name, or [] when it has none (or does not exist). */
async function lookupTxt(deps: ServiceDeps, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (deps.env.DNS_SERVERS.length) resolver.setServers(deps.env.DNS_SERVERS);
  try {
    // A long record arrives in 255-byte chunks: each record is its chunks joined.
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
    throw new AppError(
      'bad_request',
      `The DNS lookup of ${name} failed (${code ?? 'error'}). Try again in a minute.`,
    );
  }
}

/** POST /api/sso/domains/{id}/verify: looks the TXT record up now. */
export async function verifySsoDomain(deps: ServiceDeps, ctx: RequestContext, id: string) {
  const row = await findDomain(deps.db, ctx.orgId, id);
  if (!row) throw notFound('Domain');
  if (row.verifiedAt)
    return { domain: presentDomain(row), verified: true, message: `${row.domain} is verified.` };
  const { txtRecord } = presentDomain(row);
  const values = await lookupTxt(deps, txtRecord.name);
  const now = deps.clock.now();
  if (!values.includes(txtRecord.value)) {
    const updated = await updateDomain(deps.db, ctx.orgId, id, { lastCheckedAt: now });
    const message = values.length
      ? `${txtRecord.name} has a TXT record, but not ${txtRecord.value}. Check the value and try again.`
      : `No TXT record found at ${txtRecord.name} yet. DNS changes can take a few minutes to appear.`;
    return { domain: presentDomain(updated ?? row), verified: false, message };
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const updated = await updateDomain(tx, ctx.orgId, id, { verifiedAt: now, lastCheckedAt: now });
      if (!updated) throw notFound('Domain');
      await recordAudit(tx, ctx, {
        action: 'sso.domain_verify',
        entityType: 'sso_domain',
        entityId: id,
        changes: { domain: row.domain },
      });
      return { domain: presentDomain(updated), verified: true, message: `${row.domain} is verified.` };
    });
  } catch (error) {
    // The unique index on verified domains: another organization proved it first.
    if (isUniqueViolation(error)) throw takenElsewhere(row.domain);
    throw error;
  }
}

export async function deleteSsoDomain(deps: ServiceDeps, ctx: RequestContext, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await findDomain(tx, ctx.orgId, id);
    if (!row || !(await deleteDomain(tx, ctx.orgId, id))) throw notFound('Domain');
    await recordAudit(tx, ctx, {
      action: 'sso.domain_delete',
      entityType: 'sso_domain',
      entityId: id,
      changes: { domain: row.domain, wasVerified: Boolean(row.verifiedAt) },
    });
  });
}
