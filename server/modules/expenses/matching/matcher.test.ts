import { describe, expect, it } from 'vitest';
import { createMatcher, type MatchableApp, type MatchableRule } from './matcher';
import { merchantKeyOf } from './merchant-key';

const app = (id: string, name: string, extra: Partial<MatchableApp> = {}): MatchableApp => ({
  id,
  name,
  vendorId: `vendor-${id}`,
  vendorName: null,
  catalogSlug: null,
  status: 'active',
  ...extra,
});

const apps = [
  app('zoom', 'Zoom', { catalogSlug: 'zoom', vendorName: 'Zoom Video Communications' }),
  app('gws', 'Google Workspace', { catalogSlug: 'google-workspace', vendorName: 'Google' }),
  app('slack', 'Slack'), // typed by hand: no catalogue link, matched by name
  app('notion', 'Notion', { vendorName: 'Notion Labs' }),
  app('jira', 'Jira', { catalogSlug: 'jira', vendorName: 'Atlassian' }),
  app('confluence', 'Confluence', { catalogSlug: 'confluence', vendorName: 'Atlassian' }),
  app('acme', 'Acme Analytics', { vendorName: 'Acme Data Inc' }),
  app('figma', 'Figma', { catalogSlug: 'figma', status: 'cancelled' }),
  app('coffee', 'Office coffee'),
  app('webinars', 'Zoom Webinars'),
];
const rules: MatchableRule[] = [
  {
    id: 'r1',
    pattern: 'STARBUCKS',
    matchType: 'contains',
    subscriptionId: 'coffee',
    categoryId: 'cat-office',
  },
];
const match = createMatcher({ apps, rules, vendors: [{ id: 'v-dropbox', name: 'Dropbox, Inc.' }] });

describe('merchant matching', () => {
  it.each([
    ['ZOOM.US 888-799-9666 CA', 'zoom', 'catalog', 'Zoom'],
    ['GOOGLE*GSUITE_acme.com', 'gws', 'catalog', 'Google Workspace'],
    ['GOOGLE *Google Workspace', 'gws', 'catalog', 'Google Workspace'],
    ['SLACK T01ABCDEF', 'slack', 'catalog', 'Slack'],
    ['SQ *NOTION LABS', 'notion', 'catalog', 'Notion'],
    ['PAYPAL *ATLASSIAN', 'jira', 'catalog', 'Jira'],
    ['ATLASSIAN PTY LTD SYDNEY', 'jira', 'catalog', 'Jira'],
    ['ACME ANALYTICS 415-555-0100 SAN FRANCISCO CA', 'acme', 'application', 'Acme Analytics Francisco'],
    ['SQ *ACME DATA', 'acme', 'application', 'Acme Data'],
    ['FIGMA INC', 'figma', 'catalog', 'Figma'],
    ['STARBUCKS STORE 12345', 'coffee', 'rule', 'Starbucks Store'],
  ])('%j → %s (%s)', (merchant, subscriptionId, method, _name) => {
    const outcome = match(merchant);
    expect(outcome).toMatchObject({ matchStatus: 'matched', subscriptionId, matchMethod: method });
    expect(outcome.matchConfidence).toBeGreaterThanOrEqual(0.7);
  });

  it('gives catalogue matches the catalogue name as key and display name, so variants group together', () => {
    expect(match('GOOGLE*GSUITE_acme.com')).toMatchObject({
      merchantKey: 'GOOGLE WORKSPACE',
      merchantName: 'Google Workspace',
    });
    expect(match('ZOOM.US 888-799-9666 CA')).toMatchObject({
      merchantKey: 'ZOOM',
      merchantName: 'Zoom',
      vendorId: 'vendor-zoom',
    });
  });

  it('applies a rule category and lets an exact rule override the catalogue', () => {
    expect(match('STARBUCKS STORE 12345').categoryId).toBe('cat-office');
    const withRule = createMatcher({
      apps,
      rules: [
        { id: 'r2', pattern: 'ZOOM', matchType: 'exact', subscriptionId: 'webinars', categoryId: null },
      ],
      vendors: [],
    });
    expect(withRule('ZOOM.US 888-799-9666 CA')).toMatchObject({
      subscriptionId: 'webinars',
      matchMethod: 'rule',
      matchConfidence: 1,
    });
  });

  it('leaves unknown merchants unmatched with a readable name and the catalogue vendor when the org has it', () => {
    expect(match('AMZN Mktp US*2K4LT1234')).toMatchObject({
      matchStatus: 'unmatched',
      subscriptionId: null,
      suggestedSubscriptionId: null,
      merchantName: 'Amzn Mktp',
    });
    expect(match('DROPBOX*8XJ2KQ9 DROPBOX.COM CA')).toMatchObject({
      matchStatus: 'unmatched',
      merchantName: 'Dropbox',
      merchantKey: 'DROPBOX',
      catalogSlug: 'dropbox',
      vendorId: 'v-dropbox',
    });
  });

  it('only suggests when the evidence is weak (one vendor, several applications)', () => {
    const atlassianOnly = createMatcher({
      apps: [
        app('jira2', 'Issue tracker', { vendorName: 'Atlassian' }),
        app('wiki', 'Wiki', { vendorName: 'Atlassian' }),
      ],
      rules: [],
      vendors: [],
    });
    expect(atlassianOnly('ATLASSIAN PTY LTD SYDNEY')).toMatchObject({
      matchStatus: 'unmatched',
      subscriptionId: null,
      suggestedSubscriptionId: 'jira2',
    });
  });

  it("never books a vendor's other product or consumer service to the organization's application from that vendor", () => {
    const soundtrapAndWorkspace = createMatcher({
      apps: [
        app('soundtrap', 'Soundtrap', { catalogSlug: 'soundtrap', vendorName: 'Spotify' }),
        app('gws', 'Google Workspace', { catalogSlug: 'google-workspace', vendorName: 'Google' }),
      ],
      rules: [],
      vendors: [],
    });
    for (const merchant of [
      'SPOTIFY USA',
      'PAYPAL *SPOTIFY',
      'SPOTIFY P1234ABCD STOCKHOLM',
      'PAYPAL *GOOGLE CLOUD',
    ])
      expect(soundtrapAndWorkspace(merchant), merchant).toMatchObject({
        matchStatus: 'unmatched',
        subscriptionId: null,
      });
    // The vendor's own name, even glued and cut by a processor, still finds its one application.
    const confluenceOnly = createMatcher({ apps: [apps[5]!], rules: [], vendors: [] });
    for (const merchant of ['ATLASSIAN PTY LTD SYDNEY', 'PAYPAL *ATLASSIANPT'])
      expect(confluenceOnly(merchant), merchant).toMatchObject({
        matchStatus: 'matched',
        subscriptionId: 'confluence',
      });
  });

  it('prefers an active application over a cancelled one of the same catalogue entry', () => {
    const twoFigmas = createMatcher({
      apps: [
        app('old', 'Figma', { catalogSlug: 'figma', status: 'cancelled' }),
        app('new', 'Figma', { catalogSlug: 'figma' }),
      ],
      rules: [],
      vendors: [],
    });
    expect(twoFigmas('FIGMA MONTHLY RENEWAL').subscriptionId).toBe('new');
  });

  it('keys merchants by their cleaned words', () => {
    expect(merchantKeyOf('SQ *ACME ANALYTICS 415-555-0100 CA')).toBe('ACME ANALYTICS');
    expect(merchantKeyOf('  acme analytics  ')).toBe('ACME ANALYTICS');
    expect(merchantKeyOf('1234-5678')).toBe('1234 5678');
  });
});
