import { describe, expect, it } from 'vitest';
import { CATALOG_BY_POPULARITY } from './catalog';
import { searchCatalog } from './search';

const first = (query: string) => searchCatalog(query)[0]?.slug;

describe('searchCatalog', () => {
  it.each([
    ['slak', 'slack'],
    ['gogle workspace', 'google-workspace'],
    ['MSFT 365', 'microsoft-365'],
    ['figma', 'figma'],
    ['jira', 'jira'],
    ['zoom', 'zoom'],
    ['Slack', 'slack'],
    ['GSUITE', 'google-workspace'],
    ['o365', 'microsoft-365'],
    ['aws', 'aws'],
    ['amazon web', 'aws'],
    ['salesfroce', 'salesforce'],
    ['notoin', 'notion'],
    ['hub spot', 'hubspot'],
    ['monday.com', 'monday'],
    ['atlassian', 'jira'],
    ['chat gpt', 'chatgpt'],
    ['1pass', '1password'],
    ['Notión', 'notion'],
    ['google', 'google-workspace'],
  ])('%j → %s first', (query, slug) => {
    expect(first(query)).toBe(slug);
  });

  it('ranks a prefix match above a typo match', () => {
    const slugs = searchCatalog('zoom').map((app) => app.slug);
    expect(slugs.slice(0, 2)).toEqual(['zoom', 'zoominfo']);
  });

  it('lists the most popular apps for an empty query', () => {
    expect(searchCatalog('')).toEqual(CATALOG_BY_POPULARITY.slice(0, 10));
    expect(searchCatalog('   ', 3).map((app) => app.slug)).toEqual([
      'slack',
      'google-workspace',
      'microsoft-365',
    ]);
  });

  it('honours the limit', () => {
    expect(searchCatalog('google', 2)).toHaveLength(2);
    expect(searchCatalog('google', 0)).toEqual([]);
    expect(searchCatalog('a', 25).length).toBeLessThanOrEqual(25);
  });

  it('returns nothing for gibberish', () => {
    expect(searchCatalog('qqxxzzvv')).toEqual([]);
  });

  it('returns distinct apps', () => {
    const slugs = searchCatalog('microsoft', 20).map((app) => app.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
