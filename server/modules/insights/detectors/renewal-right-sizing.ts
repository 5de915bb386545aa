// 13. Renewal right-sizing: ahead of a renewal, buy the seats in use plus a buffer, not the seats owned.
import { daysUntil } from '../../../../common/dates';
import { opportunityKey } from '../../../../common/insights/opportunity';
import {
  allFree,
  activityConfidence,
  applicationEvidence,
  applicationPath,
  indexOf,
  isExempt,
  isLive,
  seatSavingFields,
  type Detector,
} from './facts';
import { pricedDrops, sizePools } from './renewal-seats';
import { daysText, formatProseDate, inDays, plural, pluralWord } from '../../../../common/wording';

export const detectRenewalRightSizing: Detector = (snapshot, settings) => {
  const index = indexOf(snapshot);
  const { today, currency } = snapshot.organization;
  return snapshot.applications.flatMap((app) => {
    if (!isLive(app) || isExempt(settings, app.id) || !app.nextRenewalDate) return [];
    const daysLeft = daysUntil(app.nextRenewalDate, today);
    if (daysLeft < 0 || daysLeft > settings.renewalLookaheadDays) return [];
    const sizing = sizePools(app, index, settings, today).filter((s) => s.drop.length > 0);
    if (sizing.length === 0) return [];
    const priced = pricedDrops(sizing, app, index, currency);
    if (allFree(priced)) return [];
    const owned = sizing.reduce((n, s) => n + s.purchased, 0);
    const needed = sizing.reduce((n, s) => n + s.needed, 0);
    const inUse = sizing.reduce((n, s) => n + s.inUse, 0);
    const newly = sizing.reduce((n, s) => n + s.newlyAssigned, 0);
    // Active users as the Licenses page counts them; seats just handed out count as in use too.
    const users =
      newly > 0
        ? `${plural(inUse - newly, 'person')} used it in the last ${daysText(settings.inactiveDays)} and ${plural(newly, 'seat')} handed out in the last ${daysText(settings.recentlyProvisionedDays)} count as in use`
        : `${plural(inUse, 'person')} ${pluralWord(inUse, 'uses', 'use')} it`;
    const dropped = sizing.flatMap((s) => s.drop.flatMap((d) => (d.seat ? [d.seat] : [])));
    const all = sizing.flatMap((s) => index.seatsOfPool.get(s.pool.id) ?? []);
    const { confidence, reason } = dropped.length
      ? activityConfidence(dropped, all)
      : { confidence: 'high' as const, reason: 'Only seats nobody holds are dropped.' };
    return [
      {
        type: 'renewal_right_sizing' as const,
        key: opportunityKey('renewal_right_sizing', app.id, app.nextRenewalDate),
        title: `Renew ${app.name} with ${plural(needed, 'seat')}, not ${owned}`,
        explanation:
          `${app.name} renews on ${formatProseDate(app.nextRenewalDate)} (${inDays(daysLeft)}). ${users}; with a ` +
          `${settings.seatBufferPct}% buffer that is ${plural(needed, 'seat')}, against ${owned} owned.`,
        evidence: [
          applicationEvidence(app, { 'Renewal date': app.nextRenewalDate }),
          ...sizing.map((s) => ({
            kind: 'license_pool' as const,
            id: s.pool.id,
            label: `${app.name} ${s.pool.tierName}`,
            figures: {
              Owned: s.purchased,
              Active: s.inUse - s.newlyAssigned,
              'Newly assigned': s.newlyAssigned,
              'In use': s.inUse,
              Needed: s.needed,
              Drop: s.drop.length,
            },
          })),
        ],
        ...seatSavingFields(priced, index),
        confidence,
        confidenceReason: reason,
        applicationIds: [app.id],
        personIds: dropped.map((s) => s.personId),
        action: { path: applicationPath(app.id), text: `Renew with ${plural(needed, 'seat')}` },
      },
    ];
  });
};
