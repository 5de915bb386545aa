import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';

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

async function expectOk(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
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
