// 1. Inactive licenses: seats whose holder has not used the application for N days → reclaim.
import { opportunityKey } from '../../../../common/insights/opportunity';
import {
  allFree,
  activityConfidence,
  applicationEvidence,
  applicationPath,
  hasUsageData,
  indexOf,
  isExempt,
  isIdle,
  isLive,
  seatEvidence,
  seatPrice,
  seatSavingFields,
  seatUnit,
  type Detector,
} from './facts';
import { plural, pluralWord } from '../../../../common/wording';

export const detectInactiveLicenses: Detector = (snapshot, settings) => {
  const index = indexOf(snapshot);
  const { today, currency } = snapshot.organization;
  return snapshot.applications.flatMap((app) => {
    // Unknown usage is not inactivity: no seat is reclaimed until a usage source says so.
    if (!isLive(app) || isExempt(settings, app.id) || !hasUsageData(app.id, index)) return [];
    const pools = index.poolsOf.get(app.id) ?? [];
    const all = pools.flatMap((pool) => index.seatsOfPool.get(pool.id) ?? []);
    const idle = all.filter((seat) => isIdle(seat, settings, today));
    if (idle.length === 0) return [];
    const priced = idle.map((seat) => ({
      applicationId: app.id,
      poolId: seat.poolId,
      unit: seatUnit(seat),
      price: seatPrice(index.pool.get(seat.poolId)!, app, index, currency),
    }));
    if (allFree(priced)) return [];
    const { confidence, reason } = activityConfidence(idle, all);
    const n = idle.length;
    return [
      {
        type: 'inactive_licenses' as const,
        key: opportunityKey('inactive_licenses', app.id),
        title: `${n} inactive ${app.name} ${pluralWord(n, 'license')}`,
        explanation:
          `${n} of ${plural(all.length, 'person', 'people')} holding ${app.name} ${pluralWord(n, 'has')} not used it in the last ` +
          `${plural(settings.inactiveDays, 'day')} (seats assigned in the last ${plural(settings.recentlyProvisionedDays, 'day')} are not counted). ` +
          'Reclaim the seats, or ask the holders whether they still need them.',
        evidence: [applicationEvidence(app), ...idle.map((seat) => seatEvidence(seat, index))],
        ...seatSavingFields(priced, index),
        confidence,
        confidenceReason: reason,
        applicationIds: [app.id],
        personIds: idle.map((s) => s.personId),
        action: { path: applicationPath(app.id), text: `Reclaim ${plural(n, 'license')}` },
      },
    ];
  });
};
