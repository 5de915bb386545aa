import { mkdirSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseAssignments, people } from '../../server/db/schema';
import { setPlan } from '../../server/test/factories';
import { signedInAccount } from '../helpers/api';
import { launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer } from '../helpers/server';

// Editing a person's licenses inline on /app/users in Chromium: add a seat from the combobox of
// pools with free seats, remove one, undo the removal from the toast — checked in the database.

const ARTIFACTS = 'e2e/artifacts/people';
let server: Awaited<ReturnType<typeof startInProcessServer>>;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startInProcessServer();
});
afterAll(async () => {
  for (const session of sessions) await session.close();
  await server?.close();
});

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An owner on Growth with Slack (Pro, 2 seats) and Figma (Full, 1 seat held by someone else). */
async function seededOwner(): Promise<{ page: Page; orgId: string; adaId: string }> {
  const session = await launchBrowser({ baseURL: server.baseURL });
  sessions.push(session);
  const page = await session.context.newPage();
  await signedInAccount(page.request, { organizationName: 'Analytical Engines Ltd' });
  const org = await ok<{ id: string }>(await page.request.get('/api/organization'));
  // No trial endpoint on main yet: the plan is set in the database.
  await setPlan(server.app.deps.db, org.id, 'pro');
  const app = async (name: string) =>
    ok<{ id: string }>(
      await page.request.post('/api/subscriptions', {
        data: {
          name,
          pricingModel: 'per-seat',
          seats: 2,
          unitPriceMinor: 1_000,
          billingCycle: 'monthly',
          currency: 'USD',
        },
      }),
    );
  const slack = await app('Slack');
  const figma = await app('Figma');
  await ok(
    await page.request.post('/api/licenses', {
      data: { subscriptionId: slack.id, tierName: 'Pro', seats: 2, unitPriceMinor: 875 },
    }),
  );
  const figmaFull = await ok<{ id: string }>(
    await page.request.post('/api/licenses', {
      data: { subscriptionId: figma.id, tierName: 'Full', seats: 1, unitPriceMinor: 4_500 },
    }),
  );
  const ada = await ok<{ id: string }>(
    await page.request.post('/api/people', {
      data: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', department: 'Engineering' },
    }),
  );
  const grace = await ok<{ id: string }>(
    await page.request.post('/api/people', {
      data: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
    }),
  );
  await ok(
    await page.request.post(`/api/licenses/${figmaFull.id}/assignments`, { data: { personIds: [grace.id] } }),
  );
  return { page, orgId: org.id, adaId: ada.id };
}

const toasts = (page: Page) => page.getByLabel('Notifications (F8)');

async function openSeats(orgId: string, personId: string) {
  return server.app.deps.db
    .select()
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.organizationId, orgId),
        eq(licenseAssignments.personId, personId),
        isNull(licenseAssignments.unassignedAt),
      ),
    );
}

describe('/app/users in Chromium', () => {
  it("edits a person's licenses inline: add from free seats, remove, undo", async () => {
    const { page, orgId, adaId } = await seededOwner();
    await page.goto('/app/users');
    const row = page.getByTestId('person-ada@example.com');
    await row.getByText('No licenses').waitFor();

    // Figma's only seat is taken, so only Slack Pro is offered.
    await row.getByRole('button', { name: 'Add a license for Ada Lovelace' }).click();
    const list = page.getByRole('listbox', { name: 'Licenses with free seats' });
    await list.getByRole('option').first().waitFor();
    await expect(list.getByRole('option').allTextContents()).resolves.toEqual(['Slack · Pro2 free']);
    await page.getByRole('combobox', { name: 'Search licenses with free seats' }).fill('sla');
    await page.keyboard.press('Enter');
    await toasts(page).getByText('Slack · Pro assigned to Ada Lovelace').waitFor();
    await row.getByText('Slack · Pro').waitFor();
    await row.getByText('$105.00').waitFor();
    expect(await openSeats(orgId, adaId)).toHaveLength(1);
    await page.screenshot({ path: `${ARTIFACTS}/users-inline-assigned.png` });

    await row.getByRole('button', { name: 'Remove Slack · Pro from Ada Lovelace' }).click();
    await toasts(page).getByText('Slack · Pro removed from Ada Lovelace').waitFor();
    await row.getByText('No licenses').waitFor();
    expect(await openSeats(orgId, adaId)).toHaveLength(0);

    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await toasts(page).getByText('Slack · Pro is back for Ada Lovelace').waitFor();
    await row.getByText('Slack · Pro').waitFor();
    const [restored] = await openSeats(orgId, adaId);
    expect(restored.unassignReason).toBeNull();
    await page.screenshot({ path: `${ARTIFACTS}/users-inline-undone.png` });
  });

  it('offboards a person from the row menu after the preview, freeing their seats', async () => {
    const { page, orgId } = await seededOwner();
    await page.goto('/app/users');
    const row = page.getByTestId('person-grace@example.com');
    await row.getByText('Figma · Full').waitFor();
    await row.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Offboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Offboard Grace Hopper' });
    await dialog.getByText('$540.00').first().waitFor();
    await dialog.getByRole('button', { name: 'Offboard and unassign 1 license' }).click();
    await toasts(page).getByText('Grace Hopper offboarded').waitFor();
    const [grace] = await server.app.deps.db
      .select()
      .from(people)
      .where(and(eq(people.organizationId, orgId), eq(people.email, 'grace@example.com')));
    expect(grace.status).toBe('offboarded');
    expect(await openSeats(orgId, grace.id)).toHaveLength(0);
  });
});
