// 2. Unassigned seats: seats purchased that nobody holds → buy fewer at the next renewal.
import { opportunityKey } from '../../../../common/insights/opportunity';
import {
  allFree,
  applicationEvidence,
  applicationPath,
  freeSeatUnit,
  indexOf,
  isExempt,
  isLive,
  seatPrice,
  seatSavingFields,
  type Detector,
} from './facts';
import { formatProseDate, plural, pluralWord } from '../../../../common/wording';

export const detectUnassignedSeats: Detector = (snapshot, settings) => {
  const index = indexOf(snapshot);
  const { currency } = snapshot.organization;
  return snapshot.applications.flatMap((app) => {
    if (!isLive(app) || isExempt(settings, app.id)) return [];
    const pools = (index.poolsOf.get(app.id) ?? []).map((pool) => ({
      pool,
      free: pool.seats === null ? 0 : Math.max(0, pool.seats - (index.seatsOfPool.get(pool.id)?.length ?? 0)),
    }));
    const withFree = pools.filter((p) => p.free > 0);
    if (withFree.length === 0) return [];
    const priced = withFree.flatMap(({ pool, free }) =>
      Array.from({ length: free }, (_, i) => ({
        applicationId: app.id,
        poolId: pool.id,
        unit: freeSeatUnit(pool.id, i + 1),
        price: seatPrice(pool, app, index, currency),
      })),
    );
    if (allFree(priced)) return [];
    const n = priced.length;
    const when = app.nextRenewalDate
      ? ` at the renewal on ${formatProseDate(app.nextRenewalDate)}`
      : ' at the next renewal';
    return [
      {
        type: 'unassigned_seats' as const,
        key: opportunityKey('unassigned_seats', app.id),
        title: `${n} unassigned ${app.name} ${pluralWord(n, 'seat')}`,
        explanation: `${app.name} has ${n} paid ${pluralWord(n, 'seat')} that nobody holds. Reduce the seat count${when}.`,
        evidence: [
          applicationEvidence(app),
          ...withFree.map(({ pool, free }) => ({
            kind: 'license_pool' as const,
            id: pool.id,
            label: `${app.name} ${pool.tierName}`,
            figures: { Purchased: pool.seats, Assigned: (pool.seats ?? 0) - free, Unassigned: free },
          })),
        ],
        ...seatSavingFields(priced, index),
        confidence: 'high' as const,
        confidenceReason: 'Seat counts come straight from the license records.',
        applicationIds: [app.id],
        personIds: [],
        action: { path: applicationPath(app.id), text: `Reduce by ${plural(n, 'seat')}${when}` },
      },
    ];
  });
};
