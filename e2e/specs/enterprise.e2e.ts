import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_LOAD_TIMEOUT_MS } from '../helpers/browser';
import { signedInTrial } from '../helpers/api';
import { useBrowser } from '../helpers/session';

// An owner on a Scale trial with the demo company: creates an API key in Settings → API, calls the
// API with it, and finds both the key's creation and the key's own change in the audit log.

const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

describe('API keys and the audit log in Chromium', () => {
  const browser = useBrowser();

  it('creates a key, calls the API with it, and sees the calls attributed in the audit log', async () => {
    const { page, context } = browser;
    const api = context.request;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signedInTrial(api, { organizationName: 'Keyholders Group', currency: 'USD' }, 'scale');
    expect((await api.post('/api/demo', { data: {}, timeout: DEMO_LOAD_TIMEOUT_MS })).status()).toBe(201);

    // Settings → API: the demo's key, then a new read-and-write key shown once.
    await page.goto('/app/settings/api');
    await page.getByText('Data warehouse sync').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Expense bot');
    await dialog.getByLabel('Access').selectOption({ label: 'Read and write' });
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^sw_live_[0-9a-f]{40,}$/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'api-key-created.png'), fullPage: true });

    // The key works without a session, with its rate-limit headers, and writes as itself.
    const bearer = { authorization: `Bearer ${secret}` };
    const list = await fetch(new URL('/api/subscriptions?pageSize=5', page.url()), { headers: bearer });
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('ratelimit-remaining'))).toBeGreaterThan(0);
    const created = await fetch(new URL('/api/expenses', page.url()), {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({
        date: '2026-11-02',
        amountMinor: 12_900,
        currency: 'USD',
        merchant: 'Keyed Co',
      }),
    });
    expect(created.status).toBe(201);
    const invite = await fetch(new URL('/api/organization/invitations', page.url()), {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(invite.status).toBe(403);

    // Settings → Audit log: the key's creation, and the expense it made, named with the key.
    await page.goto('/app/settings/audit');
    const keyRow = page.getByRole('row').filter({ hasText: 'Expense bot' }).first();
    await keyRow.waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'audit-log.png'), fullPage: true });
    const events = await (await api.get('/api/audit?limit=50')).json();
    const byKey = events.items.find(
      (e: { actor: { apiKeyName?: string } }) => e.actor.apiKeyName === 'Expense bot',
    );
    expect(byKey).toBeTruthy();

    await page.goto('/app/settings/security');
    await page.getByRole('heading', { name: 'Security', level: 2 }).waitFor();
    await page.getByText('Verified domains', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'security-settings.png'), fullPage: true });
  });
});
