// Issue 35: the demo company connects Google Workspace through the provider's consent page (a local
// fake of Google's OAuth server and Admin SDK), syncs, sees a discovered application with its users
// and last use, adds it, and sees its seats' activity and an insight that uses it.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_BY_POPULARITY } from '../../common/catalog';
import { matchMerchant } from '../../common/catalog/merchant';
import { discoveredApps, people, subscriptions } from '../../server/db/schema';
import { type FakeGoogle, startFakeGoogle } from '../../server/modules/connectors/google/fake-google';
import type { GoogleActivity } from '../../server/modules/connectors/google/google-connector';
import { signedInAccount } from '../helpers/api';
import { DEMO_LOAD_TIMEOUT_MS, launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer, type InProcessServer } from '../helpers/server';

const DAY_MS = 86_400_000;
let google: FakeGoogle;
let server: InProcessServer;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startInProcessServer({ env: google.env });
  browser = await launchBrowser({ baseURL: server.baseURL });
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await google?.close();
});

function grant(
  email: string,
  daysAgo: number,
  app: { id: string; name: string },
  seq: number,
): GoogleActivity {
  return {
    id: {
      time: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      uniqueQualifier: `e2e-${seq}`,
      applicationName: 'token',
    },
    actor: { email },
    events: [
      {
        type: 'auth',
        name: 'authorize',
        parameters: [
          { name: 'client_id', value: app.id },
          { name: 'app_name', value: app.name },
          { name: 'scope', multiValue: ['openid', 'email', 'https://www.googleapis.com/auth/drive.file'] },
        ],
      },
    ],
  };
}

describe('connectors', () => {
  it('connects Google Workspace on the demo company, adds a discovered application, and its idle seats become an insight', async () => {
    const request = browser.context.request;
    await signedInAccount(request);
    const orgId: string = (await (await request.get('/api/organization')).json()).id;
    await server.setOrganization(orgId, { subscriptionPlan: 'scale', accountStatus: 'active' });
    expect((await request.post('/api/demo', { data: {}, timeout: DEMO_LOAD_TIMEOUT_MS })).status()).toBe(201);

    // A paid catalogue application the demo company neither holds nor has discovered yet.
    const db = server.database.db;
    const held = new Set(
      (
        await db
          .select({ slug: subscriptions.catalogSlug })
          .from(subscriptions)
          .where(eq(subscriptions.organizationId, orgId))
      )
        .map((s) => s.slug)
        .concat(
          (
            await db
              .select({ slug: discoveredApps.catalogSlug })
              .from(discoveredApps)
              .where(eq(discoveredApps.organizationId, orgId))
          ).map((d) => d.slug),
        ),
    );
    const app = CATALOG_BY_POPULARITY.find(
      (a) =>
        !held.has(a.slug) &&
        a.slug !== 'google-workspace' &&
        (a.prices ?? []).some((p) => p.unit === 'user' && p.amountMinor > 0) &&
        matchMerchant(a.name)?.app.slug === a.slug,
    )!;
    expect(app).toBeDefined();
    const staff = (
      await db
        .select({ email: people.email, status: people.status })
        .from(people)
        .where(eq(people.organizationId, orgId))
    )
      .filter((p) => p.status === 'active')
      .slice(0, 5);
    expect(staff).toHaveLength(5);
    // Google's directory holds these five; three granted the application four months ago and never
    // came back, two use it this week.
    google.users.push(
      ...staff.map((p, i) => ({
        id: `e2e-${i}`,
        primaryEmail: p.email,
        name: { givenName: p.email.split('@')[0], familyName: 'Demo' },
        suspended: false,
      })),
    );
    const client = { id: `${app.slug}-e2e.apps.googleusercontent.com`, name: app.name };
    google.activities.token.push(
      ...[3, 4].map((i) => grant(staff[i].email, 2, client, i)),
      ...[0, 1, 2].map((i) => grant(staff[i].email, 120, client, i)),
    );

    // The demo's connection has no tokens (it never consented): a sync asks to reconnect.
    await page.goto('/app/settings/integrations');
    const card = page
      .getByRole('region', { name: 'Google Workspace' })
      .or(page.getByLabel('Google Workspace'));
    await card.first().waitFor();
    await card.first().getByRole('button', { name: 'Sync now' }).click();
    const reconnect = card.first().getByRole('button', { name: 'Reconnect' });
    for (let i = 0; i < 60 && !(await reconnect.isVisible()); i += 1) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await reconnect.click();
    // Google's consent page: the super admin allows read-only access.
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL(/\/app\/settings\/integrations/);

    // The first sync runs in the queue; the discovered application appears with its users and last use.
    const row = page.getByRole('row').filter({ hasText: app.name });
    for (let i = 0; i < 60 && !(await row.first().isVisible()); i += 1) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await expect.poll(async () => row.first().innerText()).toMatch(/\b5\b/);
    expect(await row.first().innerText()).toMatch(/2 days ago/);
    await row.first().getByRole('button', { name: 'Add' }).click();
    await page.getByText(`${app.name} added`, { exact: true }).waitFor();

    // Its seats carry the sign-ins as last use, named by their source.
    await page.goto('/app/licenses');
    const licensed = page.getByRole('row').filter({ hasText: app.name }).first();
    await licensed.waitFor();
    expect(await licensed.innerText()).toMatch(/Google Workspace · 2 days ago/);

    // Insights, refreshed, find the three idle seats.
    await page.goto('/app/insights');
    await page.getByRole('button', { name: 'Refresh now' }).click();
    const insight = page.getByTestId('insight-card').filter({ hasText: `3 inactive ${app.name} licenses` });
    for (let i = 0; i < 30 && !(await insight.first().isVisible()); i += 1) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await insight.first().waitFor();
  });
});
