import { displayName } from '../../../common/display-name';
import {
  ATTESTATION_TTL_DAYS,
  type AttestationAnswer,
  type AttestationResult,
} from '../../../common/contracts/attestations';
import { todayInTimeZone } from '../../../common/dates';
import { badRequest, notFound } from '../../errors';
import { DAY_MS } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit, recordAuditWithoutContext } from '../../lib/audit';
import { closeAssignments, findLiveSubscription, findOpenSeat, findPool, markSeatKept } from '../licenses';
import { attestationMail } from './attestation-mail';
import * as repo from './attestations.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * E-mails every holder of the application's seats a keep link and a release link. The link's
 * token is `<organization id>.<random secret>`; only the secret's hash is stored, per organization.
 */
export async function sendAttestations(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: { subscriptionId: string; poolId?: string },
) {
  const app = await findLiveSubscription(deps.db, ctx.orgId, input.subscriptionId);
  if (!app) throw notFound('Application');
  if (input.poolId) {
    const pool = await findPool(deps.db, ctx.orgId, input.poolId);
    if (!pool || pool.pool.subscriptionId !== app.id) throw notFound('License pool');
  }
  const holders = await repo.seatHoldersOf(deps.db, ctx.orgId, app.id, input.poolId);
  if (holders.length === 0) throw badRequest(`No active person holds a seat of ${app.name}.`);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ATTESTATION_TTL_DAYS * DAY_MS);
  const base = `${deps.env.APP_URL.replace(/\/$/, '')}/api/attestations/respond`;
  const links = holders.map((holder) => ({ holder, secret: newToken() }));
  await deps.db.transaction(async (tx) => {
    await repo.insertTokens(
      tx,
      links.map(({ holder, secret }) => ({
        organizationId: ctx.orgId,
        assignmentId: holder.assignmentId,
        tokenHash: hashToken(secret),
        sentBy: ctx.userId,
        createdAt: now,
        expiresAt,
      })),
    );
    await recordAudit(tx, ctx, {
      action: 'attestation.send',
      entityType: 'subscription',
      entityId: app.id,
      changes: { recipients: holders.length, poolId: input.poolId ?? null },
    });
  });
  for (const { holder, secret } of links) {
    const token = encodeURIComponent(`${ctx.orgId}.${secret}`);
    const mail = attestationMail({
      name: holder.firstName,
      appName: app.name,
      tierName: holder.tierName,
      orgName: ctx.org.name,
      keepUrl: `${base}?token=${token}&answer=keep`,
      releaseUrl: `${base}?token=${token}&answer=release`,
      expiresOn: todayInTimeZone(expiresAt),
    });
    try {
      await deps.mailer.send({ ...mail, to: holder.email, organizationId: ctx.orgId });
    } catch (error) {
      deps.log.warn({ err: error }, 'Could not send an attestation e-mail');
    }
  }
  return {
    sent: holders.length,
    expiresAt,
    recipients: holders.map((h) => ({ personId: h.personId, email: h.email, name: displayName(h) })),
  };
}

/** Applies a seat holder's answer from an e-mailed link (no sign-in); answers what to tell them. */
export async function respondToAttestation(
  deps: ServiceDeps,
  token: string,
  answer: AttestationAnswer,
): Promise<AttestationResult> {
  const dot = token.indexOf('.');
  const orgId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(orgId) || secret.length < 20) return 'invalid';
  const row = await repo.findToken(deps.db, orgId, hashToken(secret));
  if (!row) return 'invalid';
  const now = deps.clock.now();
  if (row.usedAt) return 'used';
  if (row.expiresAt <= now) return 'expired';
  return deps.db.transaction(async (tx): Promise<AttestationResult> => {
    const used = await repo.consumeToken(tx, orgId, row.id, answer, now);
    if (!used) return 'used';
    // The seat is looked up inside the token's own organization only.
    const seat = await findOpenSeat(tx, row.organizationId, row.assignmentId);
    if (!seat) return 'closed';
    if (answer === 'keep') await markSeatKept(tx, orgId, seat.id, now);
    else await closeAssignments(tx, orgId, [seat.id], now, 'attestation');
    await recordAuditWithoutContext(tx, {
      orgId,
      userId: null,
      action: `attestation.${answer}`,
      entityType: 'license_assignment',
      entityId: seat.id,
      changes: { personId: seat.personId, poolId: seat.poolId },
    });
    return answer === 'keep' ? 'kept' : 'released';
  });
}

export async function listAttestations(deps: ServiceDeps, ctx: RequestContext, subscriptionId: string) {
  const app = await findLiveSubscription(deps.db, ctx.orgId, subscriptionId);
  if (!app) throw notFound('Application');
  const now = deps.clock.now();
  const rows = await repo.listForApplication(deps.db, ctx.orgId, subscriptionId);
  return rows.map(
    (r) =>
      ({
        ...r,
        personName: displayName(r),
        status:
          r.answer === 'keep'
            ? 'kept'
            : r.answer === 'release'
              ? 'released'
              : r.expiresAt <= now
                ? 'expired'
                : 'pending',
      }) as const,
  );
}
