import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../server/test/dns-server';
import { startOidcProvider } from '../../server/test/oidc-provider';
import { signedInAccount } from '../helpers/api';
import { launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer } from '../helpers/server';

// Single sign-on in Chromium: an owner on a Scale trial configures OpenID Connect in Settings →
// Security against a real provider (oidc-provider) and verifies the domain through a local DNS
// server; signed out, "Continue with SSO" signs a colleague in at the provider and lands them in
// the organization. Its own server: it needs DNS_SERVERS and a redirect URI the provider knows.

const ARTIFACTS = 'e2e/artifacts';
let server: Awaited<ReturnType<typeof startInProcessServer>>;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let session: BrowserSession | undefined;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  dns = await startDnsServer();
  server = await startInProcessServer({ env: { DNS_SERVERS: dns.address } });
  idp = await startOidcProvider({ redirectUri: `${server.baseURL}/api/auth/sso/oidc/callback` });
});
afterAll(async () => {
  await session?.close();
  await server?.close();
  await idp?.close();
  await dns?.close();
});

describe('single sign-on in Chromium', () => {
  it('configures OIDC and a verified domain, then signs a colleague in with SSO', async () => {
    session = await launchBrowser({ baseURL: server.baseURL });
    const page = await session.context.newPage();
    await signedInAccount(page.request, { organizationName: 'Difference Engines Ltd' });
    expect((await page.request.post('/api/trial/start', { data: { planId: 'scale' } })).ok()).toBe(true);
    const domain = `engines-${randomBytes(3).toString('hex')}.test`;

    await page.goto('/app/settings/security');
    await page.getByLabel('Redirect URI').waitFor();
    await page.getByLabel('Issuer URL').fill(idp.issuer);
    await page.getByLabel('Client ID').fill(idp.clientId);
    await page.getByLabel('Client secret').fill(idp.clientSecret);

    await page.getByLabel('Domain', { exact: true }).fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const row = page.getByRole('listitem', { name: domain });
    const name = (await row.getByLabel('TXT name').textContent())!;
    const value = (await row.getByLabel('TXT value').textContent())!;
    expect(name).toBe(`_stackwise-verification.${domain}`);
    dns.setTxt(name, [value]);
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.getByRole('status').getByText(`${domain} is verified.`).waitFor();
    await row.getByText('Verified', { exact: true }).waitFor();

    await page.getByRole('switch', { name: 'Enable single sign-on' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByLabel('Notifications (F8)').getByText('Single sign-on saved', { exact: true }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/sso-settings.png`, fullPage: true });

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const colleague = `charles@${domain}`;
    idp.addAccount({ email: colleague, givenName: 'Charles', familyName: 'Babbage' });
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(colleague);
    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('input[name="login"]').fill(colleague);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((url) => url.origin === server.baseURL && url.pathname.startsWith('/app'));
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ email: colleague, firstName: 'Charles', lastName: 'Babbage' });
    const org = await (await page.request.get('/api/organization')).json();
    expect(org).toMatchObject({ name: 'Difference Engines Ltd', role: 'member' });
    await page.screenshot({ path: `${ARTIFACTS}/sso-signed-in.png`, fullPage: true });
  });
});
