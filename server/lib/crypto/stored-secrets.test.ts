import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES } from '../../../common/alerts';
import { notificationSettings, ssoConnections, ssoDomains } from '../../db/schema';
import { api, buildOrgOwner, setPlan } from '../../test/factories';
import { startOidcProvider } from '../../test/oidc-provider';
import { startReceiver } from '../../test/receiver';
import { getTestServer, type TestServer } from '../../test/test-server';
import { createSecretBox, keyIdOf } from './secret-box';
import { sealStoredSecrets } from './stored-secrets';

// The boot-time data migration: secrets stored in plain text before encryption at rest (or under a
// previous key) are sealed with the current key, and the features keep using their values.

const REDIRECT_URI = 'http://localhost:3000/api/auth/sso/oidc/callback';
const firstKey = randomBytes(32);
const secondKey = randomBytes(32);
const b64 = (key: Buffer) => key.toString('base64');

let server: TestServer;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
  receiver = await startReceiver();
  server = await getTestServer({
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', SECRETS_ENCRYPTION_KEY: b64(firstKey) },
  });
});
afterAll(async () => {
  await server.close();
  await idp.close();
  await receiver.close();
});

const db = () => server.database.db;
const PLAIN_WEBHOOK_SECRET = 'whsec_stored_before_encryption_at_rest';

/** An organization whose OIDC client secret and webhook secret were stored in plain text (as before this release). */
async function legacyOrganization() {
  const owner = await buildOrgOwner(server.app);
  await setPlan(db(), owner.orgId, 'scale');
  const domain = `corp-${randomBytes(4).toString('hex')}.test`;
  await db().insert(ssoConnections).values({
    organizationId: owner.orgId,
    protocol: 'oidc',
    enabled: true,
    oidcIssuer: idp.issuer,
    oidcClientId: idp.clientId,
    oidcClientSecret: idp.clientSecret,
    defaultRole: 'member',
  });
  await db()
    .insert(ssoDomains)
    .values({ organizationId: owner.orgId, domain, verificationToken: 't', verifiedAt: new Date() });
  await db()
    .insert(notificationSettings)
    .values({
      organizationId: owner.orgId,
      rules: DEFAULT_ALERT_RULES,
      emailRoles: ['owner'],
      webhookEnabled: true,
      webhookUrl: receiver.url,
      webhookSecret: PLAIN_WEBHOOK_SECRET,
    });
  return { owner, domain };
}

async function storedValues(orgId: string) {
  const [sso] = await db()
    .select({ value: ssoConnections.oidcClientSecret })
    .from(ssoConnections)
    .where(eq(ssoConnections.organizationId, orgId));
  const [settings] = await db()
    .select({ value: notificationSettings.webhookSecret })
    .from(notificationSettings)
    .where(eq(notificationSettings.organizationId, orgId));
  return [sso.value!, settings.value!];
}

/** Signs a user in at the provider: the token request authenticates with the stored client secret. */
async function signIn(app: TestServer['app'], domain: string) {
  const email = `jo-${randomBytes(3).toString('hex')}@${domain}`;
  idp.addAccount({ email });
  const started = await app.inject({
    method: 'GET',
    url: `/api/auth/sso/start?email=${encodeURIComponent(email)}`,
  });
  expect(started.statusCode).toBe(302);
  const back = await idp.signIn(String(started.headers.location), email);
  const done = await app.inject({ method: 'GET', url: back.slice(back.indexOf('/api/')) });
  return String(done.headers.location);
}

describe('sealing stored secrets at boot', () => {
  it('seals plain-text secrets with the current key; sign-in and webhook signing use their values', async () => {
    const { owner, domain } = await legacyOrganization();
    const box = server.app.deps.secrets;
    expect(await sealStoredSecrets(server.database, box)).toBeGreaterThanOrEqual(2);
    const [clientSecret, webhookSecret] = await storedValues(owner.orgId);
    for (const value of [clientSecret, webhookSecret]) expect(value).toMatch(`enc:v1:${keyIdOf(firstKey)}:`);
    expect(clientSecret).not.toContain(idp.clientSecret);
    expect(webhookSecret).not.toContain(PLAIN_WEBHOOK_SECRET);
    // Nothing left to do on the next boot.
    expect(await sealStoredSecrets(server.database, box)).toBe(0);

    expect(await signIn(server.app, domain)).toBe('/app');
    const sent = await api(server.app, owner.cookie).post('/api/settings/notifications/test', {
      channel: 'webhook',
    });
    expect(sent.json()).toMatchObject({ ok: true });
    const delivered = receiver.received.at(-1)!;
    expect(delivered.headers['x-stackwise-signature']).toBe(
      `sha256=${createHmac('sha256', PLAIN_WEBHOOK_SECRET).update(delivered.body).digest('hex')}`,
    );
  });

  it('rotates: a new key with the old one as previous re-seals every value, and the old key alone no longer starts', async () => {
    const { owner, domain } = await legacyOrganization();
    await sealStoredSecrets(server.database, server.app.deps.secrets);
    const rotated = await getTestServer({
      database: server.database,
      env: {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        SECRETS_ENCRYPTION_KEY: b64(secondKey),
        SECRETS_ENCRYPTION_KEYS_PREVIOUS: b64(firstKey),
      },
    });
    try {
      expect(await sealStoredSecrets(rotated.database, rotated.app.deps.secrets)).toBeGreaterThanOrEqual(2);
      for (const value of await storedValues(owner.orgId))
        expect(value).toMatch(`enc:v1:${keyIdOf(secondKey)}:`);
      expect(await signIn(rotated.app, domain)).toBe('/app');
      const oldOnly = createSecretBox({ current: firstKey, previous: [] });
      await expect(sealStoredSecrets(server.database, oldOnly)).rejects.toThrow(
        new RegExp(`sealed with key\\(s\\) ${keyIdOf(secondKey)}`),
      );
      const none = createSecretBox({ current: null, previous: [] });
      await expect(sealStoredSecrets(server.database, none)).rejects.toThrow(
        /SECRETS_ENCRYPTION_KEY is not set.*openssl rand -base64 32/,
      );
    } finally {
      await rotated.close();
    }
  });
});
