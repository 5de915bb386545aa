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

  it('finds a second purchase typed by hand (no catalogue link) by its name and vendor', () => {
    const b = snapshotBuilder();
    b.app({ name: 'Zoom', catalogSlug: 'zoom', annualCostMinor: 300_000 });
    const typed = b.app({ name: 'Zoom', annualCostMinor: 60_000 });
    const byVendor = b.app({
      name: 'Zoom Video',
      vendorName: 'Zoom Video Communications',
      annualCostMinor: 40_000,
    });
    const [found] = detectDuplicatePurchases(b.snapshot, settings);
    expect(found.title).toBe('Zoom is paid for 3 times');
    expect(found.claims.map((c) => (c.kind === 'application' ? c.applicationId : null))).toEqual([
      typed.id,
      byVendor.id,
    ]);
  });

  it('does not take an in-house tool from another vendor for the catalogue product of that name', () => {
    const b = snapshotBuilder();
    b.app({ name: 'Monday', catalogSlug: 'monday', annualCostMinor: 300_000 });
    b.app({ name: 'Monday', vendorName: 'Acme Internal Tools', annualCostMinor: 60_000 });
    b.app({ name: 'Zoom Reports', annualCostMinor: 60_000 });
    b.app({ name: 'Zoom', catalogSlug: 'zoom', annualCostMinor: 60_000 });
    expect(detectDuplicatePurchases(b.snapshot, settings)).toEqual([]);
  });

  it('has nothing to save on a second purchase that costs nothing (a free plan)', () => {
    const b = snapshotBuilder();
    b.app({ name: 'Bitwarden Teams', catalogSlug: 'bitwarden', annualCostMinor: 48_000 });
    b.app({
      name: 'Bitwarden Free',
      catalogSlug: 'bitwarden',
      annualCostMinor: 0,
      amountMinor: 0,
      unitPriceMinor: 0,
    });
    expect(detectDuplicatePurchases(b.snapshot, settings)).toEqual([]);
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
  it('reports recurring unmatched software charges, not those of a registered product', () => {
    const b = snapshotBuilder();
    b.app({ catalogSlug: 'slack' });
    b.recurring({ catalogSlug: 'slack', sampleMerchant: 'SLACK T0123' });
    const listed = b.recurring({ name: 'Notion', catalogSlug: 'notion', sampleMerchant: 'NOTION LABS INC' });
    const unlisted = b.recurring({ name: 'Mystery', sampleMerchant: 'MYSTERYAPP.IO' });
    const found = detectShadowIt(b.snapshot, settings);
    expect(found.map((o) => [o.key, o.confidence])).toEqual([
      [`shadow_it:${listed.merchantKey}`, 'high'],
      [`shadow_it:${unlisted.merchantKey}`, 'low'],
    ]);
    expect(found.every((o) => o.saving === null && o.claims.length === 0)).toBe(true);
  });

  it('never reports a merchant whose line or category says another kind of business', () => {
    const b = snapshotBuilder();
    for (const sampleMerchant of [
      'PLANET FITNESS 800-555-0101',
      'DELTA AIR LINES',
      'UBER *TRIP',
      'HOTELS.COM',
    ]) {
      b.recurring({ sampleMerchant });
    }
    for (const [sampleMerchant, category] of [
      ['PUREGYM LTD', 'Fitness'],
      ['VERIZON WRLS', '4814'],
      ['UNITED 0162331', 'Travel'],
      ['SHELL 5744', 'Fuel'],
    ]) {
      b.recurring({ sampleMerchant, category });
    }
    expect(detectShadowIt(b.snapshot, settings)).toEqual([]);
  });

  it('needs software evidence for a merchant the catalogue does not know', () => {
    const b = snapshotBuilder();
    b.recurring({ sampleMerchant: 'ACME HOLDINGS 4471' });
    const byCategory = b.recurring({ sampleMerchant: 'ACME HOLDINGS 9921', category: 'Software' });
    const byReseller = b.recurring({ sampleMerchant: 'FS *WIDGETPRO' });
    const found = detectShadowIt(b.snapshot, settings);
    expect(found.map((o) => o.key)).toEqual([
      `shadow_it:${byCategory.merchantKey}`,
      `shadow_it:${byReseller.merchantKey}`,
    ]);
    expect(found.every((o) => o.confidence === 'low')).toBe(true);
  });
});
