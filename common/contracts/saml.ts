/**
 * Why a SAML sign-in failed, beyond the codes every protocol shares (SSO_ERROR_MESSAGES, which
 * includes these): the ACS redirects to `/auth/login?sso_error=<code>` and the login page shows
 * the message.
 */
export const SAML_SIGN_IN_ERRORS = {
  saml_invalid_signature:
    'Your identity provider’s answer could not be verified. Ask an admin to check the SAML certificate.',
  saml_invalid_response:
    'Your identity provider’s answer was not meant for Stackwise. Ask an admin to check the SAML settings.',
  saml_expired_assertion:
    'Your identity provider’s answer is out of its validity window. Start again; if it keeps happening, ask an admin to check the identity provider’s clock.',
  saml_replayed: 'This sign-in answer was already used. Start again from the sign-in page.',
  saml_no_email:
    'Your identity provider did not send an email address. Ask an admin to add the email attribute.',
} as const;
export type SamlSignInError = keyof typeof SAML_SIGN_IN_ERRORS;
