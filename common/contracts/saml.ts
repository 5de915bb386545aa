/**
 * Why a SAML sign-in failed: the ACS redirects to `/auth/login?sso_error=<code>` and the login
 * page shows the message. Messages speak to the person signing in, not to the administrator.
 */
export const SAML_SIGN_IN_ERRORS = {
  saml_not_configured:
    'Single sign-on is not set up for this organization. Sign in with your password or ask an admin.',
  saml_login_expired: 'This sign-in took too long or was already used. Start again from the sign-in page.',
  saml_invalid_signature:
    'Your identity provider’s answer could not be verified. Ask an admin to check the SAML certificate.',
  saml_invalid_response:
    'Your identity provider’s answer was not meant for Stackwise. Ask an admin to check the SAML settings.',
  saml_expired_assertion:
    'Your identity provider’s answer has expired. Check your computer’s clock and start again.',
  saml_replayed: 'This sign-in answer was already used. Start again from the sign-in page.',
  saml_no_email:
    'Your identity provider did not send an email address. Ask an admin to add the email attribute.',
  saml_idp_refused:
    'Your identity provider refused the sign-in. Ask an admin whether you are assigned to Stackwise.',
} as const;
export type SamlSignInError = keyof typeof SAML_SIGN_IN_ERRORS;
