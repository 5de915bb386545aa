// Reads everything the detectors need about one organization, through the owners' exports.
import type { DbOrTx } from '../../db/client';
import type { InsightSnapshot } from './snapshot';

/** The organization's data as of `today` (its calendar date), for one generation. */
export async function loadInsightSnapshot(db: DbOrTx, orgId: string, today: string): Promise<InsightSnapshot> {
  void db;
  throw new Error(`loadInsightSnapshot(${orgId}, ${today}): being written (lead)`);
}
