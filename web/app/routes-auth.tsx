import type { RouteObject } from 'react-router';
import { RedirectIfSignedIn } from './guards';

/** Sign-in screens; a signed-in visitor is sent on to the app. */
export const authRoutes: RouteObject[] = [
  {
    lazy: () => import('@/features/auth/components/auth-layout').then((m) => ({ Component: m.AuthLayout })),
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: '/auth/login',
            lazy: () =>
              import('@/features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: '/auth/register',
            lazy: () =>
              import('@/features/auth/components/register-page').then((m) => ({ Component: m.RegisterPage })),
          },
        ],
      },
      {
        // Signed in or not: the page itself leads a signed-out invitee through sign-up or sign-in.
        path: '/invite/accept',
        lazy: () => import('@/features/team/components/accept-invitation-page').then((m) => ({ Component: m.AcceptInvitationPage })),
      },
      {
        path: '/forgot-password',
        lazy: () =>
          import('@/features/auth/components/forgot-password-page').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: '/reset-password',
        lazy: () =>
          import('@/features/auth/components/reset-password-page').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
    ],
  },
];
