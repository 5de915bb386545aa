import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../../common/insights/settings';
import { snapshotBuilder } from '../test/snapshot-builder';
import { detectDuplicatePurchases } from './duplicate-purchase';
import { detectShadowIt } from './shadow-it';
import { detectZombieSpend } from './zombie-spend';

describe('duplicate purchase', () => {
  it('finds two purchases of one catalogue product and a card paying for one already registered', () => {
    const b = snapshotBuilder();
    const big = b.app({ name: 'Slack Eng', catalogSlug: 'slack', annualCostMinor: 500_000 });
    const small = b.app({ name: 'Slack Sales', catalogSlug: 'slack', annualCostMinor: 100_000 });
    const card = b.recurring({ name: 'Slack', catalogSlug: 'slack', amountMinor: 2000 });
    b.app({ name: 'Zoom', catalogSlug: 'zoom' });
    const [found, ...rest] = detectDuplicatePurchases(b.snapshot, settings);
    expect(rest).toEqual([]);
    expect(found.title).toBe('Slack is paid for 3 times');
    expect(found.action.text).toBe('Consolidate into Slack Eng');
    expect(found.claims).toEqual([
      { kind: 'application', applicationId: small.id, annualMinor: 100_000 },
      { kind: 'charge', unit: card.merchantKey, annualMinor: 24_000 },
    ]);
    expect(found.saving?.annualMinor).toBe(124_000);
    expect(found.applicationIds).toEqual([big.id, small.id]);
  });

  it('ignores a cancelled second purchase', () => {
    const b = snapshotBuilder();
    b.app({ catalogSlug: 'slack' });
    b.app({ catalogSlug: 'slack', status: 'cancelled' });
    expect(detectDuplicatePurchases(b.snapshot, settings)).toEqual([]);
  });
});

describe('zombie spend', () => {
  it('finds charges after cancellation, an application without owner and one whose owner left', () => {
    const b = snapshotBuilder();
    const cancelled = b.app({ name: 'Old', status: 'cancelled', amountMinor: 5000 });
    b.charge(cancelled, { chargedAfterCancellation: true });
    const orphan = b.app({ name: 'Orphan', owner: null });
    const left = b.app({
      name: 'Left',
      owner: { userId: 'u2', name: 'Lee', email: 'lee@example.com', isMember: false },
    });
    b.app({ name: 'Owned' });
    const found = detectZombieSpend(b.snapshot, settings);
    expect(found.map((o) => o.key)).toEqual([
      `zombie_spend:charges:${cancelled.id}`,
      `zombie_spend:owner:${orphan.id}`,
      `zombie_spend:owner:${left.id}`,
    ]);
    expect(found[0].saving?.annualMinor).toBe(60_000);
    expect(found[0].claims).toEqual([
      { kind: 'application', applicationId: cancelled.id, annualMinor: 60_000 },
    ]);
    expect(found[1].saving).toBeNull();
  });
});

describe('shadow IT', () => {
  it('reports recurring unmatched charges, not those of a registered product', () => {
    const b = snapshotBuilder();
    b.app({ catalogSlug: 'slack' });
    b.recurring({ catalogSlug: 'slack' });
    const unknown = b.recurring({ name: 'Mystery SaaS' });
    const found = detectShadowIt(b.snapshot, settings);
    expect(found.map((o) => o.key)).toEqual([`shadow_it:${unknown.merchantKey}`]);
    expect(found[0].saving).toBeNull();
    expect(found[0].confidence).toBe('medium');
  });
});
