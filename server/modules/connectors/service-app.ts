// An OAuth 2.0 service app (Okta's "Implement OAuth for Okta with a service app"): no person signs
// in; the app gets access tokens with the client credentials grant (RFC 6749 §4.4), authenticating
// with a JWT signed by its own private key (`private_key_jwt`: RFC 7523 §2.2, OpenID Connect Core
// §9). There is no refresh token: an expired access token is simply asked for again.
import { createPrivateKey, type JsonWebKey, type KeyObject, randomUUID, sign } from 'node:crypto';
import type { Env } from '../../env';
import { siteFetch, tokenRequest, type TokenSet } from './provider-http';

/** The longest life of a client assertion the authorization server accepts (Okta: one hour). */
const ASSERTION_TTL_S = 5 * 60;

/** The app's private key, pasted as PEM (PKCS#8 or PKCS#1) or as a JWK; RSA only (signs RS256). */
export function readPrivateKey(text: string): { key: KeyObject } | { error: string } {
  const raw = text.trim();
  let key: KeyObject;
  try {
    key = raw.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(raw) as JsonWebKey, format: 'jwk' })
      : createPrivateKey(raw);
  } catch {
    return { error: 'Paste the private key as PEM (-----BEGIN PRIVATE KEY-----) or as a JWK.' };
  }
  if (key.asymmetricKeyType !== 'rsa') return { error: 'The private key must be an RSA key (RS256).' };
  return { key };
}

/** The signed client assertion: RS256, iss = sub = the client id, aud = the token endpoint, one use. */
export function clientAssertion(input: { clientId: string; audience: string; key: KeyObject; kid?: string }) {
  // Checked against the authorization server's clock: the real time, whatever the app's clock says.
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({ alg: 'RS256', typ: 'JWT', ...(input.kid ? { kid: input.kid } : {}) });
  const payload = encode({
    iss: input.clientId,
    sub: input.clientId,
    aud: input.audience,
    iat: now,
    exp: now + ASSERTION_TTL_S,
    jti: randomUUID(),
  });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), input.key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

export interface ServiceAppCredentials {
  siteUrl: string;
  clientId: string;
  /** The pasted private key (PEM or JWK). */
  privateKey: string;
}

/** One client credentials request at the site's token endpoint (through the SSRF guard). */
export async function serviceAppToken(
  env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE'>,
  settings: { tokenPath: string; scopes: string[] },
  credentials: ServiceAppCredentials,
  now: Date,
): Promise<TokenSet> {
  const read = readPrivateKey(credentials.privateKey);
  if ('error' in read) throw new Error(read.error);
  const tokenUrl = new URL(settings.tokenPath, credentials.siteUrl).toString();
  // A JWK names its key (`kid`): the authorization server picks the public key by it.
  const kid = credentials.privateKey.trim().startsWith('{')
    ? ((JSON.parse(credentials.privateKey) as { kid?: string }).kid ?? undefined)
    : undefined;
  return tokenRequest(
    tokenUrl,
    {
      grant_type: 'client_credentials',
      scope: settings.scopes.join(' '),
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: clientAssertion({
        clientId: credentials.clientId,
        audience: tokenUrl,
        key: read.key,
        kid,
      }),
    },
    now,
    'body',
    siteFetch(env),
  );
}
