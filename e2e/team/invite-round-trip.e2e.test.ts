import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../server/test/smtp';
import { inviteTokenFromOutbox, setPlan } from '../../server/test/factories';
import { newAccount, signedInAccount } from '../helpers/api';
import { launchBrowser, type BrowserSession } from '../helpers/browser';
import { startInProcessServer } from '../helpers/server';

// The invite round trip in Chromium: an owner on Growth invites from the top bar, the e-mailed
// link (received by a real SMTP server) leads a newcomer through registration into the
// organization. Without SMTP, the owner is told so and copies the link instead.

const ARTIFACTS = 'e2e/artifacts/team';
type Server = Awaited<ReturnType<typeof startInProcessServer>>;
let server: Server;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const servers: Server[] = [];
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  smtp = await startSmtpServer();
  server = await startInProcessServer({ env: { SMTP_URL: smtp.url } });
  servers.push(server);
});
afterAll(async () => {
  for (const session of sessions) await session.close();
  for (const s of servers) await s.close();
  await smtp?.close();
});

async function browser(on: Server = server) {
  const session = await launchBrowser({ baseURL: on.baseURL });
  sessions.push(session);
  return session.context;
}

async function ownerOn(
  plan: 'starter' | 'pro',
  organizationName: string,
  on: Server = server,
): Promise<Page> {
  const context = await browser(on);
  const page = await context.newPage();
  await signedInAccount(page.request, { organizationName });
  const org = await (await page.request.get('/api/organization')).json();
  if (plan !== 'starter') await setPlan(on.app.deps.db, org.id, plan);
  return page;
}

/**
 * The toast region (Radix also mirrors toast text in a live region, which would match twice). By
 * label, not role: an open modal hides the region from the accessibility tree.
 */
const toasts = (page: Page) => page.getByLabel('Notifications (F8)');

async function invitationLink(to: string): Promise<string> {
  const mail = await smtp.waitFor(to);
  const match = /https?:\/\/\S+\/invite\/accept\?token=\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`No invitation link in the e-mail to ${to}`);
  return match[0];
}

describe('team invitations in Chromium', () => {
  it('invites from the top bar, and the newcomer registers from the e-mail link into the organization', async () => {
    const owner = await ownerOn('pro', 'Analytical Engines Ltd');
    const invitee = newAccount({ firstName: 'Grace', lastName: 'Hopper' });

    await owner.goto('/app');
    await owner.getByRole('button', { name: 'Invite team member' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Please enter an email address').waitFor();
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('First name (optional)').fill('Grace');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toasts(owner).getByText('Invitation Sent!', { exact: true }).waitFor();
    await toasts(owner)
      .getByText('An invitation email has been sent to the new member.', { exact: true })
      .waitFor();

    await owner.goto('/app/team');
    await owner.getByRole('cell', { name: invitee.email }).waitFor();
    await owner.screenshot({ path: `${ARTIFACTS}/team-page-pending.png`, fullPage: true });

    const link = await invitationLink(invitee.email);
    expect(link.startsWith(`${server.baseURL}/invite/accept?token=`)).toBe(true);

    const guest = await (await browser()).newPage();
    await guest.goto(link);
    await guest.getByRole('heading', { name: 'Join Analytical Engines Ltd' }).waitFor();
    await guest.getByText('Ada Lovelace invited').waitFor();
    const email = guest.getByLabel('Email');
    expect(await email.inputValue()).toBe(invitee.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await guest.getByLabel('First name').inputValue()).toBe('Grace');
    await guest.getByLabel('Last name').fill('Hopper');
    await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
    await guest.screenshot({ path: `${ARTIFACTS}/accept-register.png` });
    await guest.getByRole('button', { name: 'Create account and join' }).click();

    await guest.waitForURL(`${server.baseURL}/app`);
    await guest.getByRole('banner').getByText('Analytical Engines Ltd').waitFor();
    const me = await (await guest.request.get('/api/organization')).json();
    expect(me).toMatchObject({ name: 'Analytical Engines Ltd', role: 'member' });

    // The used link is spent.
    const again = await guest.request.get(`/api/invitations/${new URL(link).searchParams.get('token')}`);
    expect(again.status()).toBe(400);

    await owner.reload();
    await owner.getByText('grace hopper', { exact: false }).first().waitFor();
    await owner.getByText('No pending invitations').waitFor();
    await owner.screenshot({ path: `${ARTIFACTS}/team-page-joined.png`, fullPage: true });
  });

  it('without SMTP, says e-mail is not configured and hands the owner the link to copy', async () => {
    const noMail = await startInProcessServer();
    servers.push(noMail);
    const owner = await ownerOn('pro', 'Difference Engines Ltd', noMail);
    const invitee = newAccount();
    await owner.goto('/app');
    await owner.getByRole('button', { name: 'Invite team member' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();

    const result = owner.getByRole('dialog', { name: 'E-mail is not configured' });
    await result.waitFor();
    const link = await result.getByLabel('Invitation link').inputValue();
    const token = await inviteTokenFromOutbox(noMail.app.deps.db, invitee.email);
    expect(link).toBe(`${noMail.baseURL}/invite/accept?token=${token}`);
    expect(await toasts(owner).getByText('Invitation Sent!').count()).toBe(0);
    await owner.screenshot({ path: `${ARTIFACTS}/invite-without-smtp.png` });

    const guest = await (await browser(noMail)).newPage();
    await guest.goto(link);
    await guest.getByRole('heading', { name: 'Join Difference Engines Ltd' }).waitFor();
  });

  it('opens the upgrade dialog when Starter has no seat left', async () => {
    const owner = await ownerOn('starter', 'Solo Works');
    await owner.goto('/app');
    await owner.getByRole('button', { name: 'Invite team member' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Email').fill(newAccount().email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByRole('heading', { name: 'Upgrade to Growth' }).waitFor();
    await toasts(owner)
      .getByText('The Starter plan allows up to 1 team member', { exact: false })
      .first()
      .waitFor();
    await owner.screenshot({ path: `${ARTIFACTS}/starter-plan-limit.png` });
  });
});
