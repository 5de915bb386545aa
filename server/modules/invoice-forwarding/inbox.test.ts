// The invoice inbox API (issue 18): list, detail, edit/accept/merge/ignore, the original file;
// roles (viewers read, members decide) and tenancy.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, expenses, inboundMessages } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import {
  addMemberWithSession,
  api,
  buildOrgOwner,
  buildSubscription,
  invoiceRead,
  pdfBytes,
  storeReceivedMessage,
  setOrganization,
} from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { applyReadResult } from './process';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

const deps = () => server.app.deps;
const db = () => server.database.db;
const url = (id: string) => `/api/invoice-forwarding/messages/${id}`;

async function owner() {
  const user = await buildOrgOwner(server.app);
  await setOrganization(db(), user.orgId, {
    subscriptionPlan: 'pro',
    accountStatus: 'active',
    trialPlan: null,
    trialStartedAt: null,
    trialEndsAt: null,
  });
  return { ...user, client: api(server.app, user.cookie) };
}

async function processed(orgId: string, read = invoiceRead()) {
  const message = await storeReceivedMessage(deps(), orgId, { from: read.parsed.from });
  await applyReadResult(deps(), orgId, message.id, read);
  return message.id;
}

/** A message waiting for review (the total was not sure). */
const unsure = (orgId: string, fields = {}) =>
  processed(orgId, invoiceRead({ confidence: 0.5, fields: { invoiceNumber: 'SL-2002', ...fields } }));

const stored = async (orgId: string, id: string) =>
  (
    await db()
      .select()
      .from(inboundMessages)
      .where(and(eq(inboundMessages.organizationId, orgId), eq(inboundMessages.id, id)))
  )[0];
const expenseCount = async (orgId: string) =>
  (await db().select().from(expenses).where(eq(expenses.organizationId, orgId))).length;

describe('the invoice inbox', () => {
  it('lists messages newest first with counts per state, filters by state, pages by cursor', async () => {
    const { orgId, client } = await owner();
    const imported = await processed(orgId);
    const review = await unsure(orgId);
    const ignored = await processed(orgId, invoiceRead({ kind: 'not_invoice', pdf: null }));
    const all = await client.get('/api/invoice-forwarding/messages');
    expect(all.statusCode).toBe(200);
    expect(all.json().counts).toEqual({ imported: 1, needs_review: 1, ignored: 1 });
    expect(
      all
        .json()
        .messages.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([imported, review, ignored].sort());
    const onlyImported = (await client.get('/api/invoice-forwarding/messages?state=imported')).json();
    expect(onlyImported.messages).toEqual([
      expect.objectContaining({
        id: imported,
        state: 'imported',
        vendorName: 'Slack',
        invoiceNumber: 'SL-1001',
        totalMinor: 12_000,
        subscriptionName: 'Slack',
        attachmentCount: 1,
      }),
    ]);
    const first = (await client.get('/api/invoice-forwarding/messages?limit=2')).json();
    expect(first.messages).toHaveLength(2);
    const rest = (
      await client.get(`/api/invoice-forwarding/messages?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(rest.messages).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    expect((await client.get('/api/invoice-forwarding/messages?state=nope')).statusCode).toBe(400);
  });

  it('shows a message with its fields, their confidence and attachments', async () => {
    const { orgId, client } = await owner();
    const id = await unsure(orgId);
    const res = await client.get(url(id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      state: 'needs_review',
      fields: { vendorName: 'Slack', invoiceNumber: 'SL-2002', currency: 'USD' },
      fieldConfidence: { totalMinor: 0.5 },
      attachments: [{ name: 'invoice.pdf', type: 'application/pdf', isInvoice: true }],
      upgradeRequired: false,
    });
  });

  it('edits fields; bad input is a 400 and changes nothing', async () => {
    const { orgId, client } = await owner();
    const id = await unsure(orgId);
    const before = await stored(orgId, id);
    for (const fields of [
      { currency: 'XYZ' },
      { totalMinor: 12.5 },
      { issueDate: '2026-02-30x' },
      { periodStart: '2026-03-31', periodEnd: '2026-03-01' },
    ]) {
      const res = await client.patch(url(id), { fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect((await client.patch(url(id), { action: 'explode' })).statusCode).toBe(400);
    expect(await stored(orgId, id)).toEqual(before);

    const edited = await client.patch(url(id), { fields: { totalMinor: 13_000, currency: 'eur' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      state: 'needs_review',
      fields: { totalMinor: 13_000, currency: 'EUR' },
      fieldConfidence: { totalMinor: 1, currency: 1 },
    });
    expect(await expenseCount(orgId)).toBe(0);
  });

  it('accept books the edited invoice once; accepting it again is a 409', async () => {
    const { orgId, client, id: userId } = await owner();
    const id = await unsure(orgId);
    const res = await client.patch(url(id), { action: 'accept', fields: { totalMinor: 12_500 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'imported', totalMinor: 12_500, subscriptionName: 'Slack' });
    const expense = (await client.get(`/api/expenses/${res.json().expenseId}`)).json();
    expect(expense).toMatchObject({ amountMinor: 12_500, source: 'invoice', invoiceNumber: 'SL-2002' });
    const again = await client.patch(url(id), { action: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(await expenseCount(orgId)).toBe(1);
    // One audit row for the click, by the person, with the booking's writes as its steps.
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.organizationId, orgId));
    const booking = audit.filter((e) => /^(subscription|expense|invoice_forwarding)\./.test(e.action));
    expect(booking.map((e) => e.action).sort()).toEqual([
      'invoice_forwarding.accept',
      'invoice_forwarding.process',
    ]);
    const accepted = booking.find((e) => e.action === 'invoice_forwarding.accept')!;
    expect(accepted.userId).toBe(userId);
    expect(accepted.changes).toMatchObject({
      state: { to: 'imported' },
      expenseId: res.json().expenseId,
      steps: expect.arrayContaining([expect.objectContaining({ action: 'expense.create' })]),
    });
  });

  it('accepting an invoice already imported is a 409 naming it; a duplicate cannot be accepted', async () => {
    const { orgId, client } = await owner();
    const first = await processed(orgId);
    const review = await unsure(orgId);
    // The person corrects the number to one already booked.
    const res = await client.patch(url(review), { action: 'accept', fields: { invoiceNumber: 'SL-1001' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Invoice SL-1001 from Slack was already imported',
      duplicateOfId: first,
    });
    const duplicate = await processed(orgId, invoiceRead({ fields: { invoiceNumber: 'SL-1001' } }));
    expect((await stored(orgId, duplicate)).state).toBe('duplicate');
    const again = await client.patch(url(duplicate), { action: 'accept' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ duplicateOfId: first });
    expect(await expenseCount(orgId)).toBe(1);
    expect((await stored(orgId, review)).state).toBe('needs_review');
  });

  it('merge books on the chosen application; another organization’s application is a 404', async () => {
    const { orgId, client } = await owner();
    const other = await owner();
    const foreign = await buildSubscription(db(), other.orgId, { name: 'Elsewhere' });
    const mine = await buildSubscription(db(), orgId, { name: 'Team Chat', amountMinor: 12_000 });
    const id = await unsure(orgId);
    expect((await client.patch(url(id), { action: 'merge' })).statusCode).toBe(400);
    const refused = await client.patch(url(id), { action: 'merge', subscriptionId: foreign.id });
    expect(refused.statusCode).toBe(404);
    expect((await stored(orgId, id)).state).toBe('needs_review');
    const res = await client.patch(url(id), { action: 'merge', subscriptionId: mine.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'imported',
      subscriptionId: mine.id,
      subscriptionName: 'Team Chat',
    });
    const expense = (await client.get(`/api/expenses/${res.json().expenseId}`)).json();
    expect(expense).toMatchObject({ subscriptionId: mine.id, matchMethod: 'manual' });
  });

  it('ignore sets the message aside; an imported one cannot be ignored', async () => {
    const { orgId, client } = await owner();
    const id = await unsure(orgId);
    const res = await client.patch(url(id), { action: 'ignore' });
    expect(res.json()).toMatchObject({ state: 'ignored', reason: 'Ignored by a reviewer' });
    const imported = await processed(orgId, invoiceRead({ fields: { invoiceNumber: 'SL-3003' } }));
    expect((await client.patch(url(imported), { action: 'ignore' })).statusCode).toBe(409);
    // Not read yet: only ignoring is possible, and processing then leaves it alone.
    const waiting = await storeReceivedMessage(deps(), orgId);
    expect((await client.patch(url(waiting.id), { fields: { totalMinor: 1 } })).statusCode).toBe(409);
    expect((await client.patch(url(waiting.id), { action: 'ignore' })).json().state).toBe('ignored');
    await applyReadResult(deps(), orgId, waiting.id, invoiceRead({ fields: { invoiceNumber: 'SL-4004' } }));
    expect(await stored(orgId, waiting.id)).toMatchObject({ state: 'ignored', expenseId: null });
  });

  it('viewers read, members decide; another organization’s message is a 404', async () => {
    const { orgId } = await owner();
    const id = await unsure(orgId);
    const viewer = api(server.app, (await addMemberWithSession(db(), orgId, 'viewer')).cookie);
    expect((await viewer.get(url(id))).statusCode).toBe(200);
    expect((await viewer.get('/api/invoice-forwarding/messages')).statusCode).toBe(200);
    expect((await viewer.patch(url(id), { action: 'ignore' })).statusCode).toBe(403);
    expect((await stored(orgId, id)).state).toBe('needs_review');

    const stranger = (await owner()).client;
    expect((await stranger.get(url(id))).statusCode).toBe(404);
    expect((await stranger.patch(url(id), { action: 'ignore' })).statusCode).toBe(404);
    expect((await stranger.get(`${url(id)}/original`)).statusCode).toBe(404);
    expect((await stranger.get('/api/invoice-forwarding/messages')).json().messages).toEqual([]);

    const member = api(server.app, (await addMemberWithSession(db(), orgId, 'member')).cookie);
    expect((await member.patch(url(id), { action: 'ignore' })).statusCode).toBe(200);
  });

  it('serves the invoice document inline but sandboxed, and the raw message as a download', async () => {
    const { orgId, client } = await owner();
    const pdf = pdfBytes('original');
    const id = await processed(orgId, invoiceRead({ pdf }));
    const doc = await client.get(`${url(id)}/original`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe(`inline; filename*=UTF-8''invoice.pdf`);
    expect(doc.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.rawPayload.equals(pdf)).toBe(true);

    const raw = await client.get(`${url(id)}/original?part=raw`);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''message-${id}.eml`);
    expect(raw.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(raw.body).toContain('Thanks for your payment.');

    const bodyOnly = await processed(orgId, invoiceRead({ kind: 'not_invoice', pdf: null }));
    const eml = await client.get(`${url(bodyOnly)}/original`);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    expect(eml.headers['content-disposition']).toMatch(/^attachment/);
  });
});
