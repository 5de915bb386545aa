// Group purchasing (Scale): offers the operator publishes for catalogue applications, and Scale
// organizations asking for them (once each; the operator is e-mailed through the mailer's outbox).
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { operatorOfferBody } from '../../../common/contracts/benchmarks';
import { todayInTimeZone } from '../../../common/dates';
import { PLANS } from '../../../common/plans';
import { AppError } from '../../errors';
import type { RequestContext, ServiceDeps } from '../../types';
import { effectivePlanOf, findUserById } from '../organizations';
import { formatProseDate } from '../../../common/wording';
import {
  deleteOfferRow,
  findLiveOffer,
  insertOffer,
  insertOfferRequest,
  listOfferRows,
  offerRequestedAt,
  replaceFileOffers,
  type OfferRow,
} from './offers.repo';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'role' | 'org'>;

const present = (row: OfferRow, requestedAt: Date | null = null) => ({
  id: row.id,
  catalogSlug: row.catalogSlug,
  title: row.title,
  discountPercent: Number(row.discountPercent),
  conditions: row.conditions,
  expiresOn: row.expiresOn,
  requestedAt,
});

export async function listOffers(deps: ServiceDeps) {
  const rows = await listOfferRows(deps.db);
  return { items: rows.map((r) => present(r)) };
}

export async function createOffer(deps: ServiceDeps, input: z.output<typeof operatorOfferBody>) {
  const row = await insertOffer(deps.db, { ...input, source: 'api' });
  return present(row);
}

export async function deleteOffer(deps: ServiceDeps, id: string) {
  if (!(await deleteOfferRow(deps.db, id))) throw new AppError('not_found', 'Offer not found');
}

/**
 * GROUP_OFFERS_FILE: a JSON array of offers, validated as a whole (one bad entry loads none), which
 * replaces the offers the previous file loaded. Offers posted through the API are kept.
 */
export async function loadOffersFile(deps: ServiceDeps, file: string): Promise<number> {
  const parsed = z.array(operatorOfferBody).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`GROUP_OFFERS_FILE ${file} is not a valid offer list: ${z.prettifyError(parsed.error)}`);
  }
  await replaceFileOffers(
    deps.db,
    parsed.data.map((o) => ({ ...o, source: 'file' as const })),
  );
  return parsed.data.length;
}

/** POST /api/benchmarks/offers/{id}/request: Scale only; recorded once, e-mailed once. */
export async function requestOffer(deps: ServiceDeps, ctx: Ctx, offerId: string) {
  const now = deps.clock.now();
  if (PLANS[effectivePlanOf(ctx.org, now)].limitations.groupPurchasing) {
    throw new AppError('plan_required', 'Group purchasing needs the Scale plan.', { requiredPlan: 'scale' });
  }
  const today = todayInTimeZone(now);
  const offer = await findLiveOffer(deps.db, offerId, today);
  if (!offer) throw new AppError('not_found', 'Offer not found');
  const recorded = await insertOfferRequest(deps.db, {
    organizationId: ctx.orgId,
    offerId,
    requestedBy: ctx.userId,
    requestedAt: now,
  });
  if (recorded && deps.env.OPERATOR_EMAIL) {
    const user = await findUserById(deps.db, ctx.userId);
    await deps.mailer.send({
      to: deps.env.OPERATOR_EMAIL,
      organizationId: ctx.orgId,
      subject: `Group offer requested: ${offer.title}`,
      text:
        `${ctx.org.name} asks for the group offer "${offer.title}" (${offer.catalogSlug}, ` +
        `${Number(offer.discountPercent)}% off).\nRequested by ${user?.email ?? 'a member'} on ${formatProseDate(today)}.\n` +
        `Organization id: ${ctx.orgId}`,
    });
  }
  return present(offer, await offerRequestedAt(deps.db, ctx.orgId, offerId));
}
