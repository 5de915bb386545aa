// Organizations with one priced catalogue application each, inserted directly: the peers whose
// prices the benchmarks aggregate.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';
import { insertDefaultEntityAndBrand } from '../../modules/entities';
import { buildSubscription } from './accounts';
import { buildPool } from './licenses';

/** Adds `tier` seats on `slug` at `unitPriceMinor` a seat a month to an organization. */
export async function pricedApp(
  db: DbOrTx,
  orgId: string,
  unitPriceMinor: number,
  options: { slug?: string; tier?: string; seats?: number } = {},
) {
  const app = await buildSubscription(db, orgId, {
    catalogSlug: options.slug ?? 'chatapp',
    pricingModel: 'per-seat',
    unitPriceMinor,
    seats: options.seats ?? 10,
    amountMinor: 0,
  });
  await buildPool(db, orgId, app.id, {
    tierName: options.tier ?? 'Pro',
    seats: options.seats ?? 10,
    unitPriceMinor,
  });
  return app;
}

/** A peer organization (no users) paying `unitPriceMinor` for ChatApp Pro. */
export async function peerOrg(db: DbOrTx, unitPriceMinor: number, options: { slug?: string } = {}) {
  const [org] = await db
    .insert(organizations)
    .values({ name: `Peer ${randomBytes(3).toString('hex')}`, subscriptionPlan: 'scale' })
    .returning();
  await insertDefaultEntityAndBrand(db, org!);
  await pricedApp(db, org.id, unitPriceMinor, options);
  return org.id;
}
