import { describe, expect, it } from 'vitest';
import { addMonths, isValidCalendarDate } from '../dates';
import { CATALOG, CATALOG_BY_POPULARITY, findCatalogApp } from './catalog';
import { merchantWords } from './merchant-normalize';
import { POPULAR_SLUGS } from './popular';
import { isStalePrice, isUsableForSavings } from './price-age';
import { CATALOG_CATEGORIES } from './types';

describe('catalogue data', () => {
  it('has at least 520 entries', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(520);
  });

  it('has unique kebab-case slugs', () => {
    const slugs = CATALOG.map((app) => app.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has unique, bare domains', () => {
    const domains = CATALOG.map((app) => app.domain);
    expect(new Set(domains).size).toBe(domains.length);
    for (const domain of domains) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  });

  it('uses every category, and only those', () => {
    const used = new Set(CATALOG.map((app) => app.category));
    expect([...used].sort()).toEqual([...CATALOG_CATEGORIES].sort());
  });

  it('covers each category with several apps', () => {
    for (const category of CATALOG_CATEGORIES) {
      expect(CATALOG.filter((app) => app.category === category).length, category).toBeGreaterThanOrEqual(15);
    }
  });

  it('has a name, vendor and a one-line description of at most 120 characters', () => {
    for (const app of CATALOG) {
      expect(app.name.trim(), app.slug).not.toBe('');
      expect(app.vendor.trim(), app.slug).not.toBe('');
      expect(app.description.length, app.slug).toBeGreaterThan(10);
      expect(app.description.length, app.slug).toBeLessThanOrEqual(120);
      expect(app.description, app.slug).not.toMatch(/\n|^\s|\s$/);
    }
  });

  it('has upper-case, distinct aliases', () => {
    for (const app of CATALOG) {
      expect(app.aliases.length, app.slug).toBeGreaterThan(0);
      expect(new Set(app.aliases).size, app.slug).toBe(app.aliases.length);
      for (const alias of app.aliases) expect(alias, app.slug).toBe(alias.toUpperCase());
    }
  });

  it('never gives the same cleaned merchant alias to two apps', () => {
    const owner = new Map<string, string>();
    for (const app of CATALOG) {
      for (const text of [...app.aliases, app.name.toUpperCase()]) {
        const key = merchantWords(text, () => true).join('');
        expect(owner.get(key) ?? app.slug, `${text} (${app.slug})`).toBe(app.slug);
        owner.set(key, app.slug);
      }
    }
  });

  it('prices at least 350 applications, every price well-formed, sourced and dated', () => {
    const priced = CATALOG.filter((app) => app.prices && app.prices.length > 0);
    expect(priced.length).toBeGreaterThanOrEqual(350);
    for (const app of priced) {
      expect(app.pricing?.source, app.slug).toMatch(/^https:\/\/[^\s/]+\.[a-z]{2,}(\/\S*)?$/);
      expect(app.pricing?.checkedOn, app.slug).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(Number.isNaN(Date.parse(app.pricing?.checkedOn ?? '')), app.slug).toBe(false);
      const keys = new Set<string>();
      for (const price of app.prices ?? []) {
        const label = `${app.slug} ${price.plan}`;
        expect(Number.isInteger(price.amountMinor), label).toBe(true);
        expect(price.amountMinor, label).toBeGreaterThan(0);
        expect(['USD', 'EUR', 'GBP']).toContain(price.currency);
        expect(['user', 'flat', 'usage']).toContain(price.unit);
        expect(['month', 'year']).toContain(price.period);
        expect(price.plan.trim(), label).toBe(price.plan);
        expect(price.plan.length, label).toBeGreaterThan(0);
        expect(Boolean(price.usageUnit), label).toBe(price.unit === 'usage');
        expect(price.checkedOn, label).toBe(app.pricing?.checkedOn);
        expect(price.source, label).toBe(app.pricing?.source);
        expect(price.observedOn, label).toBe(app.pricing?.observedOn);
        // One price per plan, unit, period and currency: a second one would make the benchmark ambiguous.
        const key = `${price.plan}|${price.unit}|${price.period}|${price.currency}`;
        expect(keys.has(key), `${label} listed twice`).toBe(false);
        keys.add(key);
      }
    }
  });

  it('confirms a price only with the source read and the date it shows, never a date after the reading', () => {
    for (const app of CATALOG) {
      for (const price of app.prices ?? []) {
        if (!price.confirmed) continue;
        const label = `${app.slug} ${price.plan}`;
        expect(price.source, label).toMatch(/^https:\/\/[^\s/]+\.[a-z]{2,}(\/\S*)?$/);
        expect(price.observedOn, label).toMatch(/^20\d\d-\d\d-\d\d$/);
        expect(isValidCalendarDate(price.observedOn!), label).toBe(true);
        expect(price.observedOn! <= price.checkedOn, label).toBe(true);
      }
    }
  });

  it('treats a confirmed price older than 12 months, or undated, as stale and never as a saving', () => {
    const today = '2026-12-02';
    for (const app of CATALOG) {
      for (const price of app.prices ?? []) {
        const old = price.observedOn === null || price.observedOn < addMonths(today, -12);
        expect(isStalePrice(price, today), app.slug).toBe(old);
        expect(isUsableForSavings(price, today), app.slug).toBe(price.confirmed && !old);
      }
    }
  });

  it('has no pricing source on an application without prices', () => {
    for (const app of CATALOG) if (!app.prices?.length) expect(app.pricing, app.slug).toBeUndefined();
  });

  it('prices annual billing at a plausible discount to twelve monthly payments', () => {
    for (const app of CATALOG) {
      for (const monthly of (app.prices ?? []).filter((p) => p.period === 'month')) {
        const yearly = app.prices?.find((p) => p.period === 'year' && p.plan === monthly.plan);
        if (!yearly) continue;
        const ratio = yearly.amountMinor / (12 * monthly.amountMinor);
        expect(ratio, `${app.slug} ${monthly.plan}`).toBeLessThanOrEqual(1);
        expect(ratio, `${app.slug} ${monthly.plan}`).toBeGreaterThanOrEqual(0.45);
      }
    }
  });

  it('knows every popular slug', () => {
    for (const slug of POPULAR_SLUGS) expect(findCatalogApp(slug), slug).toBeDefined();
    expect(new Set(POPULAR_SLUGS).size).toBe(POPULAR_SLUGS.length);
  });

  it('orders by popularity without losing entries', () => {
    expect(CATALOG_BY_POPULARITY.length).toBe(CATALOG.length);
    expect(CATALOG_BY_POPULARITY[0].slug).toBe(POPULAR_SLUGS[0]);
  });

  it('finds apps by slug', () => {
    expect(findCatalogApp('slack')?.name).toBe('Slack');
    expect(findCatalogApp('no-such-app')).toBeUndefined();
  });
});
