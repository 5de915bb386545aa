import type { LoginBody, RegisterBody } from '../../../common/contracts/auth';
import { passwordResetMail } from '../../email/templates';
import { AppError, badRequest, conflict } from '../../errors';
import { hitRateLimit } from '../../lib/rate-limit/counter';
import { hashToken, newToken } from '../../lib/tokens';
import type { ServiceDeps } from '../../types';
import { recordAuditWithoutContext } from '../../lib/audit';
import { ssoEnforcementFor } from '../sso';
import {
  consumeResetToken,
  deleteSession,
  deleteUserSessions,
  findUserByEmail,
  findUserById,
  insertResetToken,
  insertUser,
  listUserOrganizations,
  startSession,
  type ClientInfo,
  updateUser,
} from '../organizations';

import { hashPassword, isCommonPassword, timingDummyHash, verifyPassword } from './passwords';

const RESET_TTL_MS = 60 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid email or password';
const WINDOW_MS = 15 * 60 * 1000;
// Per e-mail address (password-reset mails), on top of the per-IP limit on the routes.
const EMAIL_LIMIT = 10;
/**
 * Sign-in attempts per 15 minutes, on top of the per-IP limit on the route: per account and address
 * (strict: guessing one person's password from one place), and per account from anywhere (high:
 * guessing spread over many addresses). Strangers elsewhere use up only the high one, so ten wrong
 * passwords typed by someone else never lock the owner out of their own address.
 */
const LOGIN_LIMITS = { accountAndAddress: 5, account: 100 };

const rateLimited = (ttlMs: number) =>
  new AppError('rate_limited', 'Too many attempts. Please wait and try again.', {
    retryAfter: Math.ceil(ttlMs / 1000),
  });

function assertStrongPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(
      'validation_error',
      'This password is too common. Please choose a less guessable one.',
      {
        fields: [{ field: 'password', message: 'This password is too common' }],
      },
    );
  }
}

async function limitByEmail(deps: ServiceDeps, scope: string, email: string): Promise<void> {
  const hit = await hitRateLimit(deps.db, {
    bucket: `${scope}-email`,
    key: email.toLowerCase(),
    windowMs: WINDOW_MS,
  });
  if (hit.count > EMAIL_LIMIT) throw rateLimited(hit.ttlMs);
}

async function limitSignIn(deps: ServiceDeps, email: string, ip: string): Promise<void> {
  const account = email.toLowerCase();
  const here = await hitRateLimit(deps.db, {
    bucket: 'login-account-ip',
    key: `${account} ${ip}`,
    windowMs: WINDOW_MS,
  });
  const anywhere = await hitRateLimit(deps.db, {
    bucket: 'login-account',
    key: account,
    windowMs: WINDOW_MS,
  });
  if (here.count > LOGIN_LIMITS.accountAndAddress) throw rateLimited(here.ttlMs);
  if (anywhere.count > LOGIN_LIMITS.account) throw rateLimited(anywhere.ttlMs);
}

export async function register(deps: ServiceDeps, input: RegisterBody, client: ClientInfo) {
  assertStrongPassword(input.password);
  if (await findUserByEmail(deps.db, input.email)) {
    throw conflict('An account with this email already exists. Sign in instead.');
  }
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db
    .transaction(async (tx) => {
      const created = await insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      });
      await recordAuditWithoutContext(tx, {
        orgId: null,
        userId: created.id,
        action: 'auth.register',
        entityType: 'user',
        entityId: created.id,
        ip: client.ip,
      });
      return created;
    })
    .catch((error: unknown) => {
      // Two registrations racing for one address: the unique index decides.
      if (
        String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) ===
        '23505'
      ) {
        throw conflict('An account with this email already exists. Sign in instead.');
      }
      throw error;
    });
  const token = await startSession(deps, user.id, client);
  return { user, token };
}

export async function login(deps: ServiceDeps, input: LoginBody, client: ClientInfo) {
  await limitSignIn(deps, input.email, client.ip);
  const user = await findUserByEmail(deps.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await timingDummyHash(), input.password), false);
  // Recorded in the organization the session lands in (the oldest membership), so its audit log
  // shows its members' sign-ins, and their failed attempts.
  const orgId = user ? ((await listUserOrganizations(deps.db, user.id))[0]?.org.id ?? null) : null;
  if (!user || !valid) {
    if (user && orgId) {
      await recordAuditWithoutContext(deps.db, {
        orgId,
        userId: user.id,
        action: 'auth.login_failed',
        entityType: 'user',
        entityId: user.id,
        ip: client.ip,
      });
    }
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  // Checked after the password, so it tells nothing about an address to someone without it.
  const enforced = await ssoEnforcementFor(deps, user);
  if (enforced && !enforced.owner) {
    throw new AppError('sso_required', 'Your organization requires single sign-on. Use Continue with SSO.');
  }
  const token = await startSession(deps, user.id, client);
  if (enforced) {
    await recordAuditWithoutContext(deps.db, {
      orgId: enforced.orgId,
      userId: user.id,
      action: 'auth.break_glass_login',
      entityType: 'user',
      entityId: user.id,
      ip: client.ip,
    });
  }
  await recordAuditWithoutContext(deps.db, {
    orgId,
    userId: user.id,
    action: 'auth.login',
    entityType: 'user',
    entityId: user.id,
    ip: client.ip,
  });
  return { user, token };
}

export async function logout(deps: ServiceDeps, sessionId: string, userId: string, ip: string) {
  await deleteSession(deps.db, sessionId);
  await recordAuditWithoutContext(deps.db, {
    orgId: null,
    userId,
    action: 'auth.logout',
    entityType: 'user',
    entityId: userId,
    ip,
  });
}

export async function forgotPassword(deps: ServiceDeps, email: string) {
  await limitByEmail(deps, 'forgot', email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return; // Same answer either way: no account enumeration.
  // A password they could not use: their organization signs them in with SSO only.
  const enforced = await ssoEnforcementFor(deps, user);
  if (enforced && !enforced.owner) return;
  const token = newToken();
  await insertResetToken(deps.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(deps.clock.now().getTime() + RESET_TTL_MS),
  });
  const url = `${deps.env.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...passwordResetMail(user.firstName, url) });
}

export async function resetPassword(deps: ServiceDeps, token: string, password: string, ip: string) {
  assertStrongPassword(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const row = await consumeResetToken(tx, hashToken(token), deps.clock.now());
    if (!row)
      throw new AppError('invalid_token', 'This reset link is invalid or has expired. Ask for a new one.');
    await updateUser(tx, row.userId, { passwordHash });
    await deleteUserSessions(tx, row.userId);
    await recordAuditWithoutContext(tx, {
      orgId: null,
      userId: row.userId,
      action: 'auth.password_reset',
      entityType: 'user',
      entityId: row.userId,
      ip,
    });
  });
}

export async function changePassword(
  deps: ServiceDeps,
  auth: { userId: string; sessionId: string },
  currentPassword: string,
  newPassword: string,
) {
  const user = await findUserById(deps.db, auth.userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest('Your current password is not correct.', {
      fields: [{ field: 'currentPassword', message: 'Incorrect password' }],
    });
  }
  assertStrongPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash: await hashPassword(newPassword) });
    await deleteUserSessions(tx, user.id, auth.sessionId);
    await recordAuditWithoutContext(tx, {
      orgId: null,
      userId: user.id,
      action: 'auth.password_change',
      entityType: 'user',
      entityId: user.id,
    });
  });
}
