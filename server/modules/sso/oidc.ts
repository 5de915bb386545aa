import * as client from 'openid-client';
import type { SsoConnectionBody } from '../../../common/contracts/sso';
import { AppError, badRequest } from '../../errors';
import type { ServiceDeps } from '../../types';
import type { ClientInfo } from '../organizations';
import { consumeLoginState } from './login-states.repo';
import type { SsoProtocolHandler } from './protocols';
import { completeSsoSignIn } from './sign-in';
import { discoverIssuer, IdpUnreachableError, idpFetch, isLoopbackHttp, UNREACHABLE } from './oidc-discovery';
import { findConnection, findOidcClientSecret, type SsoConnectionRow } from './sso.repo';

// OpenID Connect with openid-client: discovery, authorization code with PKCE (S256), state and
// nonce; the library checks the ID token (signature, issuer, audience, expiry, nonce). Every
// request to the identity provider goes through the SSRF guard (./oidc-discovery).

const CLOCK_TOLERANCE_S = 60;

export const oidcRedirectUri = (deps: ServiceDeps) => `${deps.env.appOrigin}/api/auth/sso/oidc/callback`;

type OidcSettings = Pick<SsoConnectionRow, 'oidcIssuer' | 'oidcClientId'>;

/** The issuer's configuration for our client: its (cached) discovery document and the client's credentials. */
async function configurationOf(
  deps: ServiceDeps,
  settings: OidcSettings,
  clientSecret: string | null,
  options: { fresh?: boolean } = {},
): Promise<client.Configuration> {
  if (!settings.oidcIssuer || !settings.oidcClientId) {
    throw badRequest('Enter the issuer URL and the client ID of your identity provider.');
  }
  const metadata = await discoverIssuer(deps, settings.oidcIssuer, options);
  const config = new client.Configuration(
    metadata,
    settings.oidcClientId,
    { [client.clockTolerance]: CLOCK_TOLERANCE_S },
    // Basic is the method every OAuth server must support (RFC 6749 §2.3.1); without a secret, PKCE alone.
    clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
  );
  config[client.customFetch] = idpFetch(deps);
  config.timeout = 10;
  if (isLoopbackHttp(new URL(settings.oidcIssuer))) client.allowInsecureRequests(config);
  return config;
}

export const oidc: SsoProtocolHandler = {
  async startUrl(deps, connection, { state }) {
    // The authorization URL needs no client credentials.
    const config = await configurationOf(deps, connection, null);
    const codeVerifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const scopes = ['openid', 'email', 'profile'];
    // Some providers (Okta) send the groups claim only when its scope is asked for.
    const groupsClaim = connection.groupsClaim;
    if (groupsClaim && config.serverMetadata().scopes_supported?.includes(groupsClaim))
      scopes.push(groupsClaim);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: oidcRedirectUri(deps),
      scope: scopes.join(' '),
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, nonce, codeVerifier };
  },

  /** Enabling checks the issuer answers with a usable discovery document (fetched afresh). */
  async prepareConfig(deps, input: SsoConnectionBody) {
    if (!input.enabled) return {};
    const settings = {
      oidcIssuer: input.oidcIssuer?.replace(/\/$/, '') ?? null,
      oidcClientId: input.oidcClientId ?? null,
    };
    try {
      await configurationOf(deps, settings, null, { fresh: true });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'sso_failed') throw error;
      throw badRequest(error.message, { fields: [{ field: 'oidcIssuer', message: error.message }] });
    }
    return {};
  },
};

const failed = (message: string) => new AppError('sso_failed', message);

/** Claims are loosely typed; only strings and string lists are taken. */
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const list = (value: unknown) =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? [value]
      : undefined;

/**
 * GET /api/auth/sso/oidc/callback: takes the login state out (once), redeems the code, checks the ID
 * token and signs the user in.
 */
export async function finishOidcSignIn(deps: ServiceDeps, search: URLSearchParams, clientInfo: ClientInfo) {
  const rawState = search.get('state');
  const loginState = rawState ? await consumeLoginState(deps.db, rawState) : null;
  if (!rawState || !loginState || loginState.protocol !== 'oidc' || !loginState.organizationId) {
    throw new AppError('sso_expired', 'This sign-in has expired or was already used. Please start again.');
  }
  if (search.get('error')) {
    throw new AppError('sso_denied', search.get('error_description') ?? search.get('error')!);
  }
  const orgId = loginState.organizationId;
  const connection = await findConnection(deps.db, orgId);
  if (!connection?.enabled || connection.protocol !== 'oidc') {
    throw new AppError('sso_not_allowed', 'Single sign-on is not enabled for this organization.');
  }
  const config = await configurationOf(
    deps,
    connection,
    await findOidcClientSecret(deps.db, deps.secrets, orgId),
  );
  const currentUrl = new URL(oidcRedirectUri(deps));
  currentUrl.search = search.toString();
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: loginState.codeVerifier ?? undefined,
      expectedState: rawState,
      expectedNonce: loginState.nonce ?? undefined,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    // Providers may keep e-mail and groups out of the ID token and serve them from userinfo.
    const userInfo =
      text(idToken.email) && (!connection.groupsClaim || idToken[connection.groupsClaim] !== undefined)
        ? {}
        : await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
    claims = { ...userInfo, ...idToken };
  } catch (error) {
    const unreachable = error instanceof IdpUnreachableError;
    deps.log.warn({ err: unreachable ? error.reason : error, orgId }, 'OIDC sign-in refused');
    throw failed(
      unreachable ? UNREACHABLE : `The identity provider's answer was refused: ${(error as Error).message}`,
    );
  }
  const email = text(claims.email);
  if (!email) throw failed('The identity provider did not send an e-mail address.');
  if (claims.email_verified === false) {
    throw new AppError('sso_not_allowed', 'The identity provider has not verified this e-mail address.');
  }
  return completeSsoSignIn(
    deps,
    {
      orgId,
      protocol: 'oidc',
      email,
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
      groups: connection.groupsClaim ? list(claims[connection.groupsClaim]) : undefined,
      returnTo: loginState.returnTo,
    },
    clientInfo,
  );
}
