// The ACS: a SAMLResponse posted by the browser becomes a session, through completeSsoSignIn.
//
// Only answers to our own AuthnRequests are accepted (SP-initiated): the RelayState names a login
// state holding the request's id, which the response's InResponseTo must match. Unsolicited
// (IdP-initiated) responses are refused: nothing ties them to the browser that posts them, so
// anyone holding an assertion for their own account could sign a victim's browser into it (login
// CSRF), and only the replay table would stop a stolen one. IdP dashboards can open our start URL
// instead (Okta "Initiate login URI", Entra "Sign-on URL").

import { AppError } from '../../../errors';
import type { ServiceDeps } from '../../../types';
import type { ClientInfo } from '../../organizations';
import { consumeLoginState } from '../login-states.repo';
import { completeSsoSignIn } from '../sign-in';
import { findConnection } from '../sso.repo';
import { rememberAssertion } from './replay.repo';
import { SamlRefused, validateSamlResponse } from './saml-response';
import { idpSettingsOf } from './service-provider';

export interface AcsForm {
  SAMLResponse: string;
  RelayState?: string;
}

export async function finishSamlSignIn(deps: ServiceDeps, orgId: string, form: AcsForm, client: ClientInfo) {
  const state = form.RelayState ? await consumeLoginState(deps.db, form.RelayState) : null;
  if (!state || state.organizationId !== orgId || state.protocol !== 'saml' || !state.requestId) {
    throw new AppError('sso_expired', 'No SAML sign-in is waiting for this answer.');
  }
  const connection = await findConnection(deps.db, orgId);
  const idp = connection?.protocol === 'saml' && connection.enabled ? idpSettingsOf(connection) : null;
  if (!idp)
    throw new AppError('sso_not_allowed', 'SAML single sign-on is not enabled for this organization.');
  const assertion = await validateSamlResponse(
    deps.env,
    orgId,
    { ...idp, groupsClaim: connection!.groupsClaim },
    form.SAMLResponse,
    { id: state.requestId, createdAt: state.createdAt },
  );
  if (!assertion.email) throw new SamlRefused('saml_no_email', 'no email in the assertion');
  // Remembered before the sign-in goes on: an assertion is used once, whatever comes of it.
  if (!(await rememberAssertion(deps.db, orgId, assertion, deps.clock.now()))) {
    throw new SamlRefused('saml_replayed', `assertion ${assertion.assertionId} already used`);
  }
  return completeSsoSignIn(
    deps,
    {
      orgId,
      protocol: 'saml',
      email: assertion.email,
      firstName: assertion.firstName,
      lastName: assertion.lastName,
      groups: assertion.groups,
      returnTo: state.returnTo,
    },
    client,
  );
}
