import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  canUseFeature,
  FEATURE_MIN_PLAN,
  isAccountLocked,
  isReadOnly,
  PLANS,
  type Feature,
} from '../../common/plans';
import { can, type Action } from '../../common/roles';
import { AppError } from '../errors';
import { DAY_MS } from '../lib/clock';
import { hashToken } from '../lib/tokens';
import {
  currentState,
  effectivePlanOf,
  extendSession,
  findLiveSession,
  touchUserActivity,
  viewPlanOf,
} from '../modules/organizations';
import type { AuthState, RequestContext, ServiceDeps } from '../types';

export const SESSION_COOKIE = 'sw_session';
export const SESSION_TTL_MS = 30 * DAY_MS;
/** The sliding expiry is pushed out at most once an hour per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
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

/** The signed-in user and session of this request, or null; looked up once per request. */
export async function resolveAuth(request: FastifyRequest, reply: FastifyReply): Promise<AuthState | null> {
  if (request.authState !== undefined) return request.authState;
  const deps = request.server.deps;
  const token = request.cookies[SESSION_COOKIE];
  request.authState = null;
  if (!token || token.length > 200) return null;
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

/** Keeps users.lastActiveAt (shown on the team page) fresh to the hour, with at most one write an hour. */
async function touchLastActive(deps: ServiceDeps, auth: AuthState): Promise<void> {
  const now = deps.clock.now();
  const last = auth.user.lastActiveAt;
  if (last && now.getTime() - last.getTime() < TOUCH_INTERVAL_MS) return;
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
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The one access check every non-public route declares: signed in, organization, account state
 * (read-only grace period, locked), role, plan.
 */
export function guard(options: GuardOptions = {}): preHandlerAsyncHookHandler {
  const needsOrg = options.org ?? true;
  return async function guardHandler(request, reply) {
    const auth = await resolveAuth(request, reply);
    if (!auth) throw new AppError('unauthorized', 'Please sign in to continue.');
    const deps = request.server.deps;
    await touchLastActive(deps, auth);
    if (!needsOrg) return;
    const membership = auth.membership;
    if (!membership) {
      throw new AppError('onboarding_required', 'Finish onboarding to create your organization first.');
    }
    const now = deps.clock.now();
    const org = currentState(membership.org, now, deps.env.GRACE_DAYS);
    request.ctx = {
      orgId: org.id,
      userId: auth.user.id,
      role: membership.role,
      org,
      subscriptionsVersion: membership.subscriptionsVersion,
    };
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
    if (options.action && !can(membership.role, options.action)) {
      throw new AppError('forbidden', `Your role (${membership.role}) does not allow this.`);
    }
    if (options.feature) {
      // Reads may see what the trial plan had during the read-only grace period (spec: "Still
      // available: view … analytics and insights"); writes are judged on the effective plan.
      const plan = READ_METHODS.has(request.method) ? viewPlanOf(org, now) : effectivePlanOf(org, now);
      if (!canUseFeature(plan, options.feature)) {
        const requiredPlan = FEATURE_MIN_PLAN[options.feature];
        throw new AppError('plan_required', `This feature needs the ${PLANS[requiredPlan].name} plan.`, {
          requiredPlan,
        });
      }
    }
  };
}

export function registerAuth(app: FastifyInstance, deps: ServiceDeps): void {
  app.decorate('deps', deps);
  app.decorateRequest('authState', undefined);
  app.decorateRequest('ctx', null as unknown as RequestContext);
}
