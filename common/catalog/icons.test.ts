import * as simpleIcons from 'simple-icons';
import type { SimpleIcon } from 'simple-icons';
import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog';
import { catalogIconSvg } from './icons';
import { catalogInitials } from './initials';
import { CATALOG_ICONS } from './icons.generated';

const bySlug = new Map(
  Object.values(simpleIcons)
    .filter((icon): icon is SimpleIcon => typeof icon === 'object' && icon !== null && 'slug' in icon)
    .map((icon) => [icon.slug, icon]),
);

describe('catalogue icons', () => {
  it('only uses icon slugs that exist in simple-icons', () => {
    const unknown = CATALOG.filter((app) => app.iconSlug && !bySlug.has(app.iconSlug)).map((app) => app.slug);
    expect(unknown).toEqual([]);
  });

  it('bundles exactly the icons the catalogue uses, matching the installed simple-icons', () => {
    const used = new Set(CATALOG.flatMap((app) => (app.iconSlug ? [app.iconSlug] : [])));
    expect(Object.keys(CATALOG_ICONS).sort()).toEqual([...used].sort());
    for (const [slug, icon] of Object.entries(CATALOG_ICONS)) {
      const source = bySlug.get(slug);
      expect({ ...icon }, `${slug}: run npx tsx scripts/build-catalog-icons.ts`).toEqual({
        title: source?.title,
        hex: source?.hex,
        path: source?.path,
      });
    }
  });

  it('looks icons up by iconSlug', () => {
    expect(catalogIconSvg('zoom')).toMatchObject({
      title: 'Zoom',
      hex: expect.stringMatching(/^[0-9A-F]{6}$/),
    });
    expect(catalogIconSvg(undefined)).toBeNull();
    expect(catalogIconSvg('')).toBeNull();
    expect(catalogIconSvg('not-a-brand')).toBeNull();
    expect(catalogIconSvg('constructor')).toBeNull();
  });

  it('makes lettered-avatar initials', () => {
    expect(catalogInitials('Google Workspace')).toBe('GW');
    expect(catalogInitials('Slack')).toBe('S');
    expect(catalogInitials('1Password')).toBe('1');
    expect(catalogInitials('monday.com')).toBe('MC');
    expect(catalogInitials('')).toBe('');
  });
});
