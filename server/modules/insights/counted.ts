// The counted saving of every open opportunity (issue 31: one number everywhere). combineSavings
// (dedupe.ts) defines it over the opportunities that are open now (open states, still detected, not
// snoozed); it is stored on each row (counted_minor) so the headline, every card, list column, "By
// type", owner and department breakdown and the pack read the same figure, and the headline is their
// sum to the cent. Recounted after every generation, every state change and on every read of the
// totals (a snooze ending is a change nobody makes).
import type { DbOrTx } from '../../db/client';
import { combineSavings } from './dedupe';
import { lockGeneration, openClaims, saveCounted } from './opportunities.repo';

export interface OpenCount {
  /** The headline: the sum of the open opportunities' counted savings. */
  annualMinor: number;
  /** Per open opportunity id: its counted saving and the open opportunities it overlaps with. */
  byId: Map<string, { countedMinor: number; overlapsWith: Array<{ id: string; title: string }> }>;
}

/** Counts the open opportunities' savings once, stores what changed, and says what overlaps what. */
export async function recountOpen(db: DbOrTx, orgId: string, today: string): Promise<OpenCount> {
  const rows = await openClaims(db, orgId, today);
  const combined = combineSavings(rows);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const counted = rows.map((r) => ({ id: r.id, countedMinor: combined.counted.get(r.key) ?? 0 }));
  // Only rows whose figure changed are written (a closed one drops to 0).
  await saveCounted(db, orgId, counted);
  const byId = new Map(
    rows.map((r, i) => [
      r.id,
      {
        countedMinor: counted[i].countedMinor,
        overlapsWith: (combined.overlaps.get(r.key) ?? []).flatMap((key) => {
          const other = byKey.get(key);
          return other ? [{ id: other.id, title: other.title }] : [];
        }),
      },
    ]),
  );
  return { annualMinor: combined.annualMinor, byId };
}

/**
 * recountOpen for a read: in its own transaction, after any generation running for the organization
 * (the same lock), so a read never writes counts older than the generation's.
 */
export function recountForRead(db: DbOrTx, orgId: string, today: string): Promise<OpenCount> {
  return db.transaction(async (tx) => {
    await lockGeneration(tx, orgId);
    return recountOpen(tx, orgId, today);
  });
}
