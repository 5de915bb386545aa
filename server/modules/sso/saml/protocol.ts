import { AppError } from '../../../errors';
import type { SsoProtocolHandler } from '../protocols';
import { prepareSamlConfig } from './metadata';
import { authorizeUrl, idpSettingsOf, newRequestId } from './service-provider';

/** SAML in the protocol registry: the AuthnRequest that starts a sign-in, and the IdP settings. */
export const saml: SsoProtocolHandler = {
  async startUrl(deps, connection, { state }) {
    const idp = idpSettingsOf(connection);
    if (!idp)
      throw new AppError('sso_not_configured', 'SAML single sign-on is not set up for this organization.');
    const request = { id: newRequestId(), createdAt: deps.clock.now() };
    const url = await authorizeUrl(deps.env, connection.organizationId, idp, request, state);
    return { url, requestId: request.id };
  },
  prepareConfig: (deps, input) => prepareSamlConfig(deps, input),
};
