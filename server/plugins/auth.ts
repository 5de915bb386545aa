import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  canUseFeature,
  FEATURE_MIN_PLAN,
  isAccountLocked,
  isReadOnly,
  PLANS,
  type Feature,
} from '../../common/plans';
import { scopesGrant } from '../../common/contracts/api-keys';
import { can, type Action } from '../../common/roles';
import { AppError } from '../errors';
import { apiKeyContext, userContext } from '../lib/acting-context';
import { currentActor } from '../lib/request-actor';
import { enforceCallBudget } from '../lib/rate-limit/budget';
import { hashToken } from '../lib/tokens';
import { authenticateApiKey, recordApiKeyUse, routeScope, spendApiKeyBudget } from '../modules/api-keys';
import {
  currentState,
  effectivePlanOf,
  extendSession,
  findLiveSession,
  SESSION_TTL_MS,
  touchUserActivity,
  viewPlanOf,
} from '../modules/organizations';
import type { AuthState, OrganizationRow, RequestContext, ServiceDeps } from '../types';

export const SESSION_COOKIE = 'sw_session';
/** The sliding expiry is pushed out at most once an hour per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set from the route's guard (registerAuth): API keys are refused. */
    sessionOnly?: boolean;
  }
  interface FastifyInstance {
    deps: ServiceDeps;
  }
  interface FastifyRequest {
    authState: AuthState | null | undefined;
    ctx: RequestContext;
  }
}

export function setSessionCookie(reply: FastifyReply, deps: ServiceDeps, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.env.secureCookies,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, deps: ServiceDeps): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.env.secureCookies,
  });
}

/** Sign-in attempts (password, SSO callbacks) allowed per IP and route: AUTH_RATE_LIMIT_MAX per 15 minutes. */
export const signInRateLimit = (deps: ServiceDeps) => ({
  rateLimit: { max: deps.env.AUTH_RATE_LIMIT_MAX, timeWindow: '15 minutes' },
});

/** Where a sign-in comes from, kept with its session. */
export function clientOf(request: FastifyRequest): { ip: string; userAgent?: string } {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

/** The token of an `Authorization: Bearer …` header, or null when the request has none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * The signed-in user and session of this request, or null; looked up once per request. A request
 * with a Bearer token is an API call: its cookies are ignored (the key alone says who acts).
 */
export async function resolveAuth(request: FastifyRequest, reply: FastifyReply): Promise<AuthState | null> {
  if (request.authState !== undefined) return request.authState;
  const deps = request.server.deps;
  const token = request.cookies[SESSION_COOKIE];
  request.authState = null;
  if (!token || token.length > 200 || bearerToken(request) !== null) return null;
  const now = deps.clock.now();
  const row = await findLiveSession(deps.db, hashToken(token), now);
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await extendSession(deps.db, row.session.id, now, expiresAt);
    row.session.expiresAt = expiresAt;
    setSessionCookie(reply, deps, token);
  }
  request.authState = row;
  return row;
}

/** Whether users.lastActiveAt (shown on the team page) is due a stamp: at most one write an hour. */
function lastActiveIsStale(now: Date, auth: AuthState): boolean {
  const last = auth.user.lastActiveAt;
  return !last || now.getTime() - last.getTime() >= TOUCH_INTERVAL_MS;
}

async function touchLastActive(deps: ServiceDeps, auth: AuthState, now: Date): Promise<void> {
  await touchUserActivity(deps.db, auth.user.id, now, new Date(now.getTime() - TOUCH_INTERVAL_MS));
  auth.user.lastActiveAt = now;
}

export interface GuardOptions {
  /** Needs a current organization (default true); false for account-level routes. */
  org?: boolean;
  action?: Action;
  feature?: Feature;
  /**
   * Stays open while the account is read-only (grace period) or locked (trial ended, unpaid):
   * the organization itself, trial status, plans and billing, data export.
   */
  allowWhenLocked?: boolean;
  /**
   * Never with an API key, whatever the role allows: the people of the organization (members,
   * invitations), the organization and its plan, and a person's own preferences.
   */
  sessionOnly?: boolean;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The one access check every non-public route declares: signed in (session cookie or API key),
 * organization, account state (read-only grace period, locked), role, plan, and a key's scope.
 */
export function guard(options: GuardOptions = {}): preHandlerAsyncHookHandler {
  const needsOrg = options.org ?? true;
  const guardHandler: preHandlerAsyncHookHandler = async function guardHandler(request, reply) {
    const token = bearerToken(request);
    if (token !== null) return guardApiKey(request, reply, token, options);
    const auth = await resolveAuth(request, reply);
    if (!auth) throw new AppError('unauthorized', 'Please sign in to continue.');
    const deps = request.server.deps;
    const now = deps.clock.now();
    if (lastActiveIsStale(now, auth)) await touchLastActive(deps, auth, now);
    if (!needsOrg) return;
    const membership = auth.membership;
    if (!membership) {
      throw new AppError('onboarding_required', 'Finish onboarding to create your organization first.');
    }
    const org = currentState(membership.org, now, deps.env.GRACE_DAYS);
    request.ctx = {
      ...userContext(org.id, auth.user.id, membership.role, now),
      userId: auth.user.id,
      role: membership.role,
      org,
      subscriptionsVersion: membership.subscriptionsVersion,
    };
    checkAccess(request, options);
  };
  // Keys act as members at most: routes needing more (team, billing, settings) are session-only.
  const acceptsApiKeys =
    needsOrg && !options.sessionOnly && (!options.action || can('member', options.action));
  return Object.assign(guardHandler, { acceptsApiKeys });
}

/**
 * How a route can be called, from its pre-handler (for the OpenAPI document): `apiKey` when a guard
 * accepts keys as well as sessions, `session` for account-level and owner/admin routes, null
 * without a guard.
 */
export function guardKind(preHandler: unknown): 'apiKey' | 'session' | null {
  const handlers: unknown[] = Array.isArray(preHandler) ? preHandler : [preHandler];
  const flags = handlers.map((h) => (h as { acceptsApiKeys?: boolean } | undefined)?.acceptsApiKeys);
  if (flags.includes(true)) return 'apiKey';
  return flags.includes(false) ? 'session' : null;
}

/** Account state, role and plan: the same for a session and for an API key acting as its role. */
function checkAccess(request: FastifyRequest, options: GuardOptions): void {
  const { org, role } = request.ctx;
  if (!options.allowWhenLocked) {
    if (isAccountLocked(org.accountStatus)) {
      throw new AppError(
        'account_locked',
        'Your account is locked. Upgrade to a paid plan or downgrade to the Free plan to regain access.',
      );
    }
    if (isReadOnly(org.accountStatus) && !READ_METHODS.has(request.method)) {
      throw new AppError(
        'read_only',
        'Your trial has ended: the account is read-only during the grace period. Upgrade to keep editing.',
      );
    }
  }
  if (options.action && !can(role, options.action)) {
    throw new AppError('forbidden', `Your role (${role}) does not allow this.`);
  }
  if (options.feature) checkFeature(request, org, options.feature);
}

function checkFeature(request: FastifyRequest, org: OrganizationRow, feature: Feature, reason = ''): void {
  const now = request.server.deps.clock.now();
  // Reads may see what the trial plan had during the read-only grace period (spec: "Still
  // available: view … analytics and insights"); writes are judged on the effective plan.
  const plan = READ_METHODS.has(request.method) ? viewPlanOf(org, now) : effectivePlanOf(org, now);
  if (!canUseFeature(plan, feature)) {
    const requiredPlan = FEATURE_MIN_PLAN[feature];
    throw new AppError('plan_required', `${reason}This feature needs the ${PLANS[requiredPlan].name} plan.`, {
      requiredPlan,
    });
  }
}

/**
 * A call with an API key: the key acts for its creator in its organization, as a member (any write
 * scope) or viewer, within its scopes and its per-minute budget, while the plan includes API access.
 */
async function guardApiKey(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  options: GuardOptions,
): Promise<void> {
  const deps = request.server.deps;
  const now = deps.clock.now();
  const auth = await authenticateApiKey(deps, token, now);
  const actor = currentActor();
  if (actor) actor.apiKeyId = auth.key.id;
  const budget = await spendApiKeyBudget(deps, auth.key.id);
  enforceCallBudget(reply, budget, 'This API key');
  await recordApiKeyUse(deps, auth.key, request.ip, now);
  if (options.org === false) {
    throw new AppError('forbidden', 'API keys work on organization data only: sign in to use this.');
  }
  const org = currentState(auth.membership.org, now, deps.env.GRACE_DAYS);
  request.ctx = {
    ...apiKeyContext(org.id, { keyId: auth.key.id, onBehalfOf: auth.userId, role: auth.role }, now),
    userId: auth.userId,
    role: auth.role,
    org,
    subscriptionsVersion: auth.membership.subscriptionsVersion,
  };
  checkFeature(
    request,
    org,
    'apiAccess',
    'API keys stop working when the plan no longer includes API access (the keys are kept). ',
  );
  // The scope first: a read-only key told which scope a write needs, rather than its role's limits.
  const needed = routeScope(request.method, request.routeOptions.schema?.tags);
  if (!scopesGrant(auth.key.scopes, needed)) {
    throw new AppError('insufficient_scope', `This API key lacks the "${needed}" scope this call needs.`, {
      scope: needed,
    });
  }
  checkAccess(request, options);
}

export function registerAuth(app: FastifyInstance, deps: ServiceDeps): void {
  app.decorate('deps', deps);
  app.decorateRequest('authState', undefined);
  app.decorateRequest('ctx', null as unknown as RequestContext);
  // Session-only routes refuse a Bearer token before anything else (even body validation), so no
  // such route answers a key, whatever its role check says: one rule, read from the guard.
  app.addHook('onRoute', (route) => {
    if (guardKind(route.preHandler) === 'session') route.config = { ...route.config, sessionOnly: true };
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.sessionOnly && bearerToken(request) !== null) {
      return done(new AppError('forbidden', 'API keys cannot call this: sign in to use it.'));
    }
    done();
  });
}
