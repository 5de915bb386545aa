import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse } from 'playwright-core';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A unique account per call, so tests never depend on each other's data. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return {
    email: `e2e-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct-horse-battery-staple',
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

async function expectOk(response: APIResponse, what: string) {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
}

/** The JSON body of a successful response; a failed one throws with its status and body. */
export async function okJson<T>(response: APIResponse, what: string): Promise<T> {
  await expectOk(response, what);
  return (await response.json()) as T;
}

/**
 * Registers through the API. Uses the browser context's request object, so the session cookie
 * lands in the same cookie jar the pages use.
 */
export async function registerAccount(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  await expectOk(await request.post('/api/auth/register', { data: account }), 'register');
  return account;
}

/** Walks the three onboarding steps (profile → workspace → apps) through the API. */
export async function completeOnboarding(
  request: APIRequestContext,
  workspace: { organizationName?: string; currency?: string } = {},
): Promise<void> {
  await expectOk(
    await request.patch('/api/onboarding', {
      data: { step: 'profile', firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Finance Lead' },
    }),
    'onboarding profile',
  );
  await expectOk(
    await request.patch('/api/onboarding', {
      data: {
        step: 'workspace',
        organizationName: workspace.organizationName ?? 'Analytical Engines Ltd',
        currency: workspace.currency ?? 'USD',
        fiscalYearStartMonth: 1,
        companySize: '11-50',
      },
    }),
    'onboarding workspace',
  );
  await expectOk(await request.patch('/api/onboarding', { data: { step: 'apps' } }), 'onboarding apps');
}

/** A fresh, fully onboarded account signed in on this context. */
export async function signedInAccount(
  request: APIRequestContext,
  workspace?: { organizationName?: string; currency?: string },
) {
  const account = await registerAccount(request);
  await completeOnboarding(request, workspace);
  return account;
}

/** A fresh signed-in account on a trial of the plan (`pro` is Growth). */
export async function signedInTrial(
  request: APIRequestContext,
  workspace: { organizationName: string; currency: string },
  planId: 'pro' | 'scale',
) {
  const account = await signedInAccount(request, workspace);
  await expectOk(await request.post('/api/trial/start', { data: { planId } }), 'start trial');
  return account;
}

/** Creates an application at a flat monthly price in USD. */
export async function createFlatMonthlyApplication(
  request: APIRequestContext,
  fields: { name: string; amountMinor: number; catalogSlug?: string; department?: string },
) {
  return okJson<{ id: string }>(
    await request.post('/api/subscriptions', {
      data: { ...fields, pricingModel: 'flat', billingCycle: 'monthly', currency: 'USD' },
    }),
    `create ${fields.name}`,
  );
}
