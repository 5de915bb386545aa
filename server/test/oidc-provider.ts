import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  /** What is typed in the provider's login form; the e-mail by default. */
  login?: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  groups?: string[];
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, with one confidential client and its
 * development sign-in pages (any password; the login is the account's e-mail). Accounts are
 * registered by the test.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}) {
  const accounts = new Map<string, OidcAccount>();
  const clientId = options.clientId ?? 'stackwise';
  const clientSecret = options.clientSecret ?? 'a-client-secret-for-tests-only';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [options.redirectUri] }],
    claims: {
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      groups: ['groups'],
    },
    cookies: { keys: ['a-cookie-key-for-tests-only'] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id.toLowerCase());
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          given_name: account.givenName ?? 'Sam',
          family_name: account.familyName ?? 'Single',
          groups: account.groups ?? [],
        }),
      };
    },
  });
  /** The path of every request the provider received (e.g. to count discovery fetches). */
  const requests: string[] = [];
  server.on('request', (req) => requests.push(req.url ?? ''));
  server.on('request', provider.callback());
  return {
    issuer,
    requests,
    clientId,
    clientSecret,
    addAccount(account: OidcAccount) {
      accounts.set((account.login ?? account.email).toLowerCase(), account);
    },
    /**
     * Signs `login` in at the provider as a browser would (its login and consent forms), starting
     * from the authorization URL; returns the URL it redirects back to (our callback).
     */
    async signIn(authorizationUrl: string, login: string): Promise<string> {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      let body: URLSearchParams | undefined;
      for (let hop = 0; hop < 12; hop += 1) {
        if (url.startsWith(options.redirectUri)) return url;
        const response = await fetch(url, {
          method: body ? 'POST' : 'GET',
          body,
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
          if (value) cookies.set(name, value);
          else cookies.delete(name);
        }
        const location = response.headers.get('location');
        if (location) {
          url = new URL(location, url).href;
          body = undefined;
          continue;
        }
        const html = await response.text();
        const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!prompt || !action)
          throw new Error(`Unexpected page at ${url}: ${response.status} ${html.slice(0, 300)}`);
        url = new URL(action.replace(/&amp;/g, '&'), url).href;
        body = new URLSearchParams({ prompt, ...(prompt === 'login' && { login, password: 'any' }) });
      }
      throw new Error('Too many redirects at the OIDC provider');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
