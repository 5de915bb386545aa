import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/get-user';

export const ONBOARDING_PATH = '/onboarding';
/** Where a signed-in user may be before finishing onboarding: accepting an invitation completes it. */
const ONBOARDING_EXEMPT = new Set([ONBOARDING_PATH, '/invite/accept']);

/** Where to go after signing in: the `next` parameter when it is a path on this site, else /app. */
export function safeNext(next: string | null | undefined, fallback = '/app'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return `/auth/login?next=${encodeURIComponent(next)}`;
}

/**
 * Wraps every route (spec §2 access rules): a full-screen spinner while the session loads, and
 * signed-in users who have not finished onboarding go to /onboarding from anywhere else.
 */
export function SessionGate() {
  const location = useLocation();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullScreenSpinner />;
  if (user && user.onboardingPhase !== 'completed' && !ONBOARDING_EXEMPT.has(location.pathname)) {
    return <Navigate to={ONBOARDING_PATH} replace />;
  }
  return <Outlet />;
}

/** Protected routes: signed-out visitors go to /auth/login and come back here after signing in. */
export function RequireAuth() {
  const location = useLocation();
  const { data: user } = useCurrentUser();
  if (!user) return <Navigate to={loginPathFor(location)} replace />;
  return <Outlet />;
}

/** Sign-in screens: a signed-in visitor goes straight to where they were heading. */
export function RedirectIfSignedIn() {
  const location = useLocation();
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to={safeNext(new URLSearchParams(location.search).get('next'))} replace />;
  return <Outlet />;
}
