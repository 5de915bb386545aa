import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { eq } from 'drizzle-orm';
import type { PlanId } from '../../../common/plans';
import type { Role } from '../../../common/roles';
import { memberships, organizations, sessions, subscriptions, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import { todayInTimeZone } from '../../../common/dates';
import { cancellationDay, derivedCosts } from '../../modules/subscriptions';
import type { App } from '../../types';

export const JSON_HEADERS = { 'content-type': 'application/json' };
export const STRONG_PASSWORD = 'correct-horse-battery-staple';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : [raw];
  const found = all.find((c): c is string => typeof c === 'string' && c.startsWith('sw_session='));
  if (!found) throw new Error('No session cookie in response');
  return found.split(';')[0];
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export async function registerUser(
  app: App,
  overrides: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: JSON_HEADERS,
    payload: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { id: response.json().id, email, password, cookie: sessionCookie(response) };
}

/** A registered user who finished onboarding, owner of a fresh organization. */
export async function buildOrgOwner(app: App, options: { orgName?: string } = {}) {
  const user = await registerUser(app);
  const call = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'PATCH',
      url: '/api/onboarding',
      headers: { ...JSON_HEADERS, cookie: user.cookie },
      payload,
    });
  await call({ step: 'profile', firstName: 'Ada', lastName: 'Lovelace' });
  await call({
    step: 'workspace',
    organizationName: options.orgName ?? `Org ${randomBytes(3).toString('hex')}`,
    currency: 'USD',
    fiscalYearStartMonth: 1,
    companySize: '11-50',
  });
  const done = await call({ step: 'apps' });
  if (done.json().onboardingPhase !== 'completed') throw new Error(`onboarding failed: ${done.body}`);
  const org = await app.inject({ method: 'GET', url: '/api/organization', headers: { cookie: user.cookie } });
  return { ...user, orgId: org.json().id as string };
}

/** Shorthand for an authenticated JSON request. */
export function api(app: App, cookie: string) {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: method === 'GET' ? { cookie } : { ...JSON_HEADERS, cookie },
      payload: payload === undefined ? undefined : (payload as Record<string, unknown>),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload ?? {}),
    patch: (url: string, payload?: unknown) => send('PATCH', url, payload ?? {}),
    put: (url: string, payload?: unknown) => send('PUT', url, payload ?? {}),
    delete: (url: string) => send('DELETE', url),
  };
}

/** Inserts an application directly, for tests of features that build on the inventory. */
export async function buildSubscription(
  db: DbOrTx,
  organizationId: string,
  overrides: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const values = {
    organizationId,
    name: `App ${randomBytes(3).toString('hex')}`,
    billingCycle: 'monthly' as const,
    pricingModel: 'flat' as const,
    amountMinor: 10_000,
    currency: 'USD',
    startDate: '2026-01-01',
    nextRenewalDate: '2026-12-01',
    ...overrides,
  };
  // The stored monthly/annual equivalents, as the API would derive them.
  const costs = derivedCosts({
    pricingModel: values.pricingModel,
    billingCycle: values.billingCycle,
    intervalMonths: values.intervalMonths ?? null,
    amountMinor: values.amountMinor,
    seats: values.seats ?? null,
    unitPriceMinor: values.unitPriceMinor ?? null,
    currency: values.currency,
  });
  const [row] = await db
    .insert(subscriptions)
    .values({
      ...values,
      ...costs,
      // As the API stores it: a cancelled application was cancelled today unless told otherwise.
      cancelledOn: cancellationDay(
        values.status ?? 'active',
        values.cancelledOn,
        null,
        todayInTimeZone(new Date()),
      ),
    })
    .returning();
  return row;
}

/** Sets organization fields directly (plan, trial, account state) for tests of what depends on them. */
export async function setOrganization(
  db: DbOrTx,
  organizationId: string,
  patch: Partial<typeof organizations.$inferInsert>,
) {
  const [row] = await db
    .update(organizations)
    .set(patch)
    .where(eq(organizations.id, organizationId))
    .returning();
  return row;
}

/** Sets an organization's paid plan directly (no checkout in tests). */
export async function setPlan(db: DbOrTx, orgId: string, plan: PlanId) {
  await db.update(organizations).set({ subscriptionPlan: plan }).where(eq(organizations.id, orgId));
}

/** A registered user (signs in with STRONG_PASSWORD) who joined `orgId` with `role`, onboarding done. */
export async function addMember(app: App, db: DbOrTx, orgId: string, role: Role): Promise<TestUser> {
  const user = await registerUser(app);
  await db.insert(memberships).values({ organizationId: orgId, userId: user.id, role });
  await db.update(users).set({ onboardingPhase: 'completed' }).where(eq(users.id, user.id));
  return user;
}

/**
 * A member of `orgId` with `role` and a live session, inserted directly (no password hashing), so
 * role tests can build many members cheaply. They cannot sign in with a password.
 */
export async function addMemberWithSession(db: DbOrTx, orgId: string, role: Role): Promise<TestUser> {
  const email = uniqueEmail(role);
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: 'not-a-hash',
      firstName: 'Test',
      lastName: role,
      onboardingPhase: 'completed',
    })
    .returning();
  await db.insert(memberships).values({ organizationId: orgId, userId: user.id, role });
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    currentOrganizationId: orgId,
    expiresAt: new Date('2100-01-01T00:00:00Z'),
  });
  return { id: user.id, email, password: '', cookie: `sw_session=${token}` };
}
