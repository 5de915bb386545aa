import type { RouteObject } from 'react-router';
import { lazyElement } from '@/lib/lazy-screen';
import { RedirectIfSignedIn } from './guards';

/** Sign-in screens; a signed-in visitor is sent on to the app. */
export const authRoutes: RouteObject[] = [
  {
    element: lazyElement(() => import('@/features/auth/components/auth-layout').then((m) => m.AuthLayout)),
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: '/auth/login',
            element: lazyElement(() =>
              import('@/features/auth/components/login-page').then((m) => m.LoginPage),
            ),
          },
          {
            path: '/auth/register',
            element: lazyElement(() =>
              import('@/features/auth/components/register-page').then((m) => m.RegisterPage),
            ),
          },
        ],
      },
      {
        // Signed in or not: the page itself leads a signed-out invitee through sign-up or sign-in.
        path: '/invite/accept',
        element: lazyElement(() =>
          import('@/features/team/components/accept-invitation-page').then((m) => m.AcceptInvitationPage),
        ),
      },
      {
        path: '/forgot-password',
        element: lazyElement(() =>
          import('@/features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
        ),
      },
      {
        path: '/reset-password',
        element: lazyElement(() =>
          import('@/features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
        ),
      },
    ],
  },
];
