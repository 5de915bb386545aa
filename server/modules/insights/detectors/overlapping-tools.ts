// 5. Overlapping tools: applications doing the same job (same catalogue function). The saving is
// only from people holding seats in more than one: each keeps the tool most people use. Applications
// typed by hand count by the catalogue product their name and vendor name (catalog-link).
import { opportunityKey, type Opportunity } from '../../../../common/insights/opportunity';
import type { SnapshotApplication } from '../snapshot';
import { catalogProductOf } from './catalog-link';
import {
  allFree,
  applicationEvidence,
  applicationPath,
  indexOf,
  isExempt,
  isLive,
  seatEvidence,
  seatPrice,
  seatSavingFields,
  seatUnit,
  type Detector,
} from './facts';

export const detectOverlappingTools: Detector = (snapshot, settings) => {
  const index = indexOf(snapshot);
  const { currency } = snapshot.organization;
  const byFunction = new Map<string, SnapshotApplication[]>();
  const slugOf = new Map<string, string>();
  for (const app of snapshot.applications) {
    if (!isLive(app) || isExempt(settings, app.id)) continue;
    const product = catalogProductOf(app, snapshot);
    if (!product) continue;
    slugOf.set(app.id, product.slug);
    for (const fn of product.functions) byFunction.set(fn, [...(byFunction.get(fn) ?? []), app]);
  }
  const found: Opportunity[] = [];
  for (const [fn, apps] of byFunction) {
    // Two purchases of one product are a duplicate purchase, not an overlap.
    if (new Set(apps.map((a) => slugOf.get(a.id))).size < 2) continue;
    const seatsOf = (app: SnapshotApplication) =>
      (index.poolsOf.get(app.id) ?? []).flatMap((p) => index.seatsOfPool.get(p.id) ?? []);
    const holders = new Map(apps.map((app) => [app.id, seatsOf(app)]));
    // The tool to keep: the one most people hold.
    const ranked = [...apps].sort(
      (a, b) => holders.get(b.id)!.length - holders.get(a.id)!.length || a.name.localeCompare(b.name),
    );
    const kept = ranked[0];
    const keptPeople = new Set(holders.get(kept.id)!.map((s) => s.personId));
    const redundant = ranked
      .slice(1)
      .flatMap((app) => holders.get(app.id)!.filter((s) => keptPeople.has(s.personId)));
    if (redundant.length === 0) continue;
    const priced = redundant.map((seat) => ({
      applicationId: seat.applicationId,
      poolId: seat.poolId,
      unit: seatUnit(seat),
      price: seatPrice(index.pool.get(seat.poolId)!, index.app.get(seat.applicationId)!, index, currency),
    }));
    if (allFree(priced)) return [];
    const people = [...new Set(redundant.map((s) => s.personId))];
    const names = ranked.map((a) => a.name).join(', ');
    found.push({
      type: 'overlapping_tools',
      key: opportunityKey('overlapping_tools', fn),
      title: `${ranked.length} tools for ${fn.toLowerCase()}`,
      explanation:
        `${names} all do ${fn.toLowerCase()}. ${people.length} ${people.length === 1 ? 'person holds' : 'people hold'} ` +
        `${kept.name} and another of them: keep ${kept.name} (most people have it) and reclaim their other seats, ` +
        'or consolidate on one tool.',
      evidence: [
        ...ranked.map((app) => applicationEvidence(app, { Holders: holders.get(app.id)!.length })),
        ...redundant.map((seat) => seatEvidence(seat, index)),
      ],
      ...seatSavingFields(priced, index),
      confidence: 'medium',
      confidenceReason:
        'The catalogue says these tools do the same job; teams may still need one for a feature the others lack.',
      applicationIds: ranked.map((a) => a.id),
      personIds: people,
      action: {
        path: applicationPath(ranked[1].id),
        text: `Consolidate ${fn.toLowerCase()} on ${kept.name}`,
      },
    });
  }
  return found;
};
