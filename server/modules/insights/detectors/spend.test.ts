import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_SETTINGS as settings } from '../../../../common/insights/settings';
import { daysAgo, snapshotBuilder } from '../test/snapshot-builder';
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
    const cancelled = b.app({
      name: 'Old',
      status: 'cancelled',
      cancelledOn: daysAgo(30),
      amountMinor: 5000,
    });
    b.charge(cancelled, { date: daysAgo(5) });
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

  it('flags a charge dated after the cancellation date, never one on or before it', () => {
    // The snapshot holds charges whenever they were recorded: only their date and the application's
    // cancellation date decide, for any distance between the two.
    for (const cancelledDaysAgo of [1, 10, 45, 200]) {
      for (const offset of [-30, -1, 0, 1, 30]) {
        const b = snapshotBuilder();
        const app = b.app({ status: 'cancelled', cancelledOn: daysAgo(cancelledDaysAgo), owner: null });
        const charge = b.charge(app, { date: daysAgo(cancelledDaysAgo - offset) });
        const keys = detectZombieSpend(b.snapshot, settings).map((o) => o.key);
        const flagged = keys.includes(`zombie_spend:charges:${app.id}`);
        expect({ cancelledDaysAgo, offset, flagged }).toEqual({
          cancelledDaysAgo,
          offset,
          flagged: offset > 0,
        });
        if (flagged) {
          const [found] = detectZombieSpend(b.snapshot, settings);
          expect(found.evidence.some((e) => e.id === charge.expenseId)).toBe(true);
        }
      }
    }
  });

  it('flags nothing for an application that is not cancelled, whatever its charges', () => {
    for (const status of ['active', 'trial', 'paused'] as const) {
      const b = snapshotBuilder();
      const app = b.app({ status, cancelledOn: null });
      b.charge(app, { date: daysAgo(1) });
      expect(detectZombieSpend(b.snapshot, settings).filter((o) => o.key.includes(':charges:'))).toEqual([]);
    }
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
