// Insight generation (issue 16): loads the organization's snapshot, runs every detector, and keeps
// the opportunities table in step — one row per stable key, updated in place.
import type { ServiceDeps } from '../../types';

export interface GenerationResult {
  created: number;
  updated: number;
  realized: number;
}

/** Generates an organization's opportunities as of `now`. (Body: issue 16's engine.) */
export async function generateInsights(
  deps: ServiceDeps,
  orgId: string,
  now: Date,
): Promise<GenerationResult> {
  void deps;
  void orgId;
  void now;
  return { created: 0, updated: 0, realized: 0 };
}
