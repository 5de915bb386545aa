// Processing a received invoice (issue 18): the decision and booking once. The extractor is driven
// with ReadResults built here; the full mail → expense path is tested with the extractor.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../../common/plans';
import {
  auditEvents,
  domainEvents,
  expenses,
  inboundMessages,
  organizations,
  subscriptions,
} from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import {
  api,
  buildOrgOwner,
  buildSubscription,
  invoiceRead,
  pdfBytes,
  storeReceivedMessage,
  setAllowedSenders,
  setOrganization,
} from '../../test/factories';
import { useTestServer } from '../../test/test-server';
import { applyReadResult, processInboundMessage } from './process';

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

const deps = () => server.app.deps;
const db = () => server.database.db;

const onPlan = (orgId: string, plan: PlanId) =>
  setOrganization(db(), orgId, {
    subscriptionPlan: plan,
    accountStatus: 'active',
    trialPlan: null,
    trialStartedAt: null,
    trialEndsAt: null,
    graceEndsAt: null,
  });

async function owner(plan: PlanId = 'pro') {
  const user = await buildOrgOwner(server.app);
  await onPlan(user.orgId, plan);
  return { ...user, client: api(server.app, user.cookie) };
}

async function messageRow(orgId: string, id: string) {
  const [row] = await db()
    .select()
    .from(inboundMessages)
    .where(and(eq(inboundMessages.organizationId, orgId), eq(inboundMessages.id, id)));
  return row;
}

const expensesOf = (orgId: string) => db().select().from(expenses).where(eq(expenses.organizationId, orgId));
const appsOf = (orgId: string) =>
  db().select().from(subscriptions).where(eq(subscriptions.organizationId, orgId));

/** Receives a message and processes it with the given reading. */
async function process(orgId: string, read = invoiceRead()) {
  const message = await storeReceivedMessage(deps(), orgId, { from: read.parsed.from });
  await applyReadResult(deps(), orgId, message.id, read);
  return messageRow(orgId, message.id);
}

describe('processing a received invoice', () => {
  it('books a sure invoice: the application from the catalogue, the expense with the invoice attached', async () => {
    const { orgId, client } = await owner();
    const pdf = pdfBytes('book');
    const row = await process(orgId, invoiceRead({ pdf }));
    expect(row).toMatchObject({
      state: 'imported',
      kind: 'invoice',
      vendorKey: 'slack',
      invoiceNumber: 'SL-1001',
    });
    expect(row.attachments).toEqual([expect.objectContaining({ name: 'invoice.pdf', isInvoice: true })]);
    expect(row.attachments[0].key).toBe(`${orgId}/inbound/${row.id}/0.pdf`);
    expect(row.confidence).toBeCloseTo(0.95);

    const [app] = await appsOf(orgId);
    expect(app).toMatchObject({
      id: row.subscriptionId,
      name: 'Slack',
      catalogSlug: 'slack',
      amountMinor: 12_000,
      currency: 'USD',
      billingCycle: 'monthly',
      nextRenewalDate: '2026-04-01',
      url: 'https://slack.com',
    });
    const expense = (await client.get(`/api/expenses/${row.expenseId}`)).json();
    expect(expense).toMatchObject({
      source: 'invoice',
      date: '2026-03-01',
      amountMinor: 12_000,
      currency: 'USD',
      merchant: 'Slack',
      invoiceNumber: 'SL-1001',
      servicePeriodStart: '2026-03-01',
      servicePeriodEnd: '2026-03-31',
      subscriptionId: app.id,
      matchStatus: 'matched',
    });
    const document = await client.get(`/api/expenses/${row.expenseId}/document`);
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(pdf)).toBe(true);
    const [org] = await db().select().from(organizations).where(eq(organizations.id, orgId));
    expect(org.setupProgress.importExpenses).toBe(true);

    // One audit row for the booking (it was four: application, expense, booking, processing).
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.organizationId, orgId));
    const booking = audit.filter((e) => /^(subscription|expense|invoice_forwarding)\./.test(e.action));
    expect(booking.map((e) => e.action)).toEqual(['invoice_forwarding.book']);
    expect(booking[0]).toMatchObject({ userId: null, entityType: 'inbound_message', entityId: row.id });
    expect(booking[0]!.changes).toMatchObject({
      state: 'imported',
      expenseId: row.expenseId,
      subscriptionId: app.id,
      createdApplication: true,
      steps: [
        { action: 'subscription.create', entityId: app.id },
        { action: 'expense.create', entityId: row.expenseId },
      ],
    });
  });

  it('books on the existing application the matcher finds, creating none', async () => {
    const { orgId } = await owner();
    const slack = await buildSubscription(db(), orgId, {
      name: 'Slack',
      catalogSlug: 'slack',
      amountMinor: 12_000,
      nextRenewalDate: '2026-05-01',
    });
    const row = await process(orgId);
    expect(row).toMatchObject({ state: 'imported', subscriptionId: slack.id });
    expect(await appsOf(orgId)).toHaveLength(1);
    const [expense] = await expensesOf(orgId);
    expect(expense).toMatchObject({ subscriptionId: slack.id, matchMethod: 'catalog', source: 'invoice' });
  });

  it('links a forwarded copy of an imported card charge instead of adding it again', async () => {
    const { orgId, client } = await owner();
    const slack = await buildSubscription(db(), orgId, {
      name: 'Slack',
      catalogSlug: 'slack',
      amountMinor: 12_000,
    });
    const charge = await client.post('/api/expenses', {
      date: '2026-03-03',
      amountMinor: 12_050,
      currency: 'USD',
      merchant: 'SLACK T0123ABC DUBLIN',
      subscriptionId: slack.id,
    });
    expect(charge.statusCode).toBe(201);
    const row = await process(orgId);
    expect(row).toMatchObject({ state: 'imported', expenseId: charge.json().id });
    const all = await expensesOf(orgId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      invoiceNumber: 'SL-1001',
      servicePeriodEnd: '2026-03-31',
      documentName: 'invoice.pdf',
      amountMinor: 12_050,
    });
  });

  it('an unmatched card charge is linked and matched to the application the invoice creates', async () => {
    const { orgId, client } = await owner();
    const charge = await client.post('/api/expenses', {
      date: '2026-02-27',
      amountMinor: 12_000,
      currency: 'USD',
      merchant: 'SLACK T0123ABC DUBLIN',
    });
    expect(charge.json()).toMatchObject({ subscriptionId: null });
    const row = await process(orgId);
    expect(row).toMatchObject({ state: 'imported', expenseId: charge.json().id });
    const [expense] = await expensesOf(orgId);
    expect(expense).toMatchObject({
      subscriptionId: row.subscriptionId,
      matchStatus: 'matched',
      invoiceNumber: 'SL-1001',
    });
  });

  it('a charge in another currency or 2 % off is not the invoice’s: a new expense', async () => {
    const { orgId, client } = await owner();
    await buildSubscription(db(), orgId, { name: 'Slack', catalogSlug: 'slack', amountMinor: 12_000 });
    await client.post('/api/expenses', {
      date: '2026-03-01',
      amountMinor: 12_300,
      currency: 'USD',
      merchant: 'SLACK',
    });
    await client.post('/api/expenses', {
      date: '2026-03-01',
      amountMinor: 12_000,
      currency: 'EUR',
      merchant: 'SLACK',
    });
    await process(orgId);
    expect(await expensesOf(orgId)).toHaveLength(3);
  });

  it('the same vendor + invoice number twice: the second is a duplicate, booked once', async () => {
    const { orgId } = await owner();
    const first = await process(orgId);
    const second = await process(orgId, invoiceRead({ fields: { invoiceNumber: 'sl-1001 ' } }));
    expect(second).toMatchObject({ state: 'duplicate', duplicateOfId: first.id, expenseId: null });
    expect(second.reason).toBe('Invoice SL-1001 from Slack was already imported');
    expect(await expensesOf(orgId)).toHaveLength(1);
  });

  it('the same PDF under another number is a duplicate', async () => {
    const { orgId } = await owner();
    const pdf = pdfBytes('same-file');
    const first = await process(orgId, invoiceRead({ pdf }));
    const second = await process(orgId, invoiceRead({ pdf, fields: { invoiceNumber: 'OTHER-9' } }));
    expect(second).toMatchObject({ state: 'duplicate', duplicateOfId: first.id });
    expect(second.reason).toBe('The same invoice document was already imported');
    expect(await expensesOf(orgId)).toHaveLength(1);
  });

  it('processing the same message twice (or at once) books one expense', async () => {
    const { orgId } = await owner();
    const message = await storeReceivedMessage(deps(), orgId);
    const read = invoiceRead();
    await Promise.all([
      applyReadResult(deps(), orgId, message.id, read),
      applyReadResult(deps(), orgId, message.id, read),
    ]);
    await applyReadResult(deps(), orgId, message.id, read);
    expect((await messageRow(orgId, message.id)).state).toBe('imported');
    expect(await expensesOf(orgId)).toHaveLength(1);
    expect(await appsOf(orgId)).toHaveLength(1);
  });

  it('two messages of the same invoice processed at once: one imported, one duplicate', async () => {
    const { orgId } = await owner();
    const [a, b] = await Promise.all([
      storeReceivedMessage(deps(), orgId),
      storeReceivedMessage(deps(), orgId),
    ]);
    await Promise.all([
      applyReadResult(deps(), orgId, a.id, invoiceRead()),
      applyReadResult(deps(), orgId, b.id, invoiceRead()),
    ]);
    const states = [(await messageRow(orgId, a.id)).state, (await messageRow(orgId, b.id)).state].sort();
    expect(states).toEqual(['duplicate', 'imported']);
    expect(await expensesOf(orgId)).toHaveLength(1);
  });

  it('a crash while booking leaves nothing half-done; the retry books once', async () => {
    const { orgId } = await owner();
    const message = await storeReceivedMessage(deps(), orgId);
    const storage = deps().storage;
    // The expense's copy of the invoice fails to store, after the application was created.
    const put: typeof storage.put = (key, body, options) =>
      key.includes('/expenses/') ? Promise.reject(new Error('disk full')) : storage.put(key, body, options);
    const failing = { ...deps(), storage: Object.assign(Object.create(storage) as typeof storage, { put }) };
    await expect(applyReadResult(failing, orgId, message.id, invoiceRead())).rejects.toThrow('disk full');
    expect(await messageRow(orgId, message.id)).toMatchObject({ state: 'received', expenseId: null });
    expect(await appsOf(orgId)).toHaveLength(0);
    expect(await expensesOf(orgId)).toHaveLength(0);
    await applyReadResult(deps(), orgId, message.id, invoiceRead());
    expect((await messageRow(orgId, message.id)).state).toBe('imported');
    expect(await appsOf(orgId)).toHaveLength(1);
    expect(await expensesOf(orgId)).toHaveLength(1);
  });

  it('Starter with 15 applications: a 16th vendor goes to review with the upgrade prompt', async () => {
    const { orgId, client } = await owner('starter');
    for (let i = 0; i < 15; i++) await buildSubscription(db(), orgId, { name: `Tool ${i}` });
    const row = await process(orgId);
    expect(row).toMatchObject({ state: 'needs_review', expenseId: null, subscriptionId: null });
    expect(row.reason).toBe('Starter plan: 15 applications — upgrade to add Slack');
    const detail = (await client.get(`/api/invoice-forwarding/messages/${row.id}`)).json();
    expect(detail).toMatchObject({ state: 'needs_review', upgradeRequired: true });
    expect(await appsOf(orgId)).toHaveLength(15);
    expect(await expensesOf(orgId)).toHaveLength(0);

    const refused = await client.patch(`/api/invoice-forwarding/messages/${row.id}`, { action: 'accept' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_limit');
    expect((await messageRow(orgId, row.id)).state).toBe('needs_review');

    await onPlan(orgId, 'pro');
    expect((await client.get(`/api/invoice-forwarding/messages/${row.id}`)).json().upgradeRequired).toBe(
      false,
    );
    const accepted = await client.patch(`/api/invoice-forwarding/messages/${row.id}`, { action: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'imported', subscriptionName: 'Slack' });
    expect(await appsOf(orgId)).toHaveLength(16);
    expect(await expensesOf(orgId)).toHaveLength(1);
  });

  it('a different amount for the application’s cycle becomes its price, with history and the event', async () => {
    const { orgId, client } = await owner();
    const slack = await buildSubscription(db(), orgId, {
      name: 'Slack',
      catalogSlug: 'slack',
      amountMinor: 10_000,
      nextRenewalDate: '2026-03-15',
    });
    await process(orgId);
    const [app] = await appsOf(orgId);
    expect(app).toMatchObject({ id: slack.id, amountMinor: 12_000, nextRenewalDate: '2026-04-01' });
    const history = (await client.get(`/api/subscriptions/${slack.id}/history`)).json();
    expect(history.find((h: { from: unknown }) => h.from !== null)).toMatchObject({
      from: { amountMinor: 10_000 },
      to: { amountMinor: 12_000 },
    });
    const events = await db()
      .select()
      .from(domainEvents)
      .where(
        and(eq(domainEvents.organizationId, orgId), eq(domainEvents.type, 'subscription.price_changed')),
      );
    expect(events.map((e) => e.payload)).toEqual([{ subscriptionIds: [slack.id] }]);
  });

  it('prices follow the invoice before tax; a per-seat application follows its seats × unit price line', async () => {
    const { orgId } = await owner();
    const flat = await buildSubscription(db(), orgId, {
      name: 'Slack',
      catalogSlug: 'slack',
      amountMinor: 10_000,
    });
    await process(orgId, invoiceRead({ fields: { totalMinor: 11_900, taxMinor: 1_900 } }));
    expect((await appsOf(orgId)).find((a) => a.id === flat.id)).toMatchObject({ amountMinor: 10_000 });

    const { orgId: seatsOrg } = await owner();
    const perSeat = await buildSubscription(db(), seatsOrg, {
      name: 'Slack',
      catalogSlug: 'slack',
      pricingModel: 'per-seat',
      seats: 10,
      unitPriceMinor: 875,
      amountMinor: 8_750,
    });
    const seatLine = { description: 'Slack Pro', quantity: 12, unitAmountMinor: 900, amountMinor: 10_800 };
    await process(
      seatsOrg,
      invoiceRead({ fields: { totalMinor: 12_960, taxMinor: 2_160, lineItems: [seatLine] } }),
    );
    const [app] = await appsOf(seatsOrg);
    expect(app).toMatchObject({ id: perSeat.id, seats: 12, unitPriceMinor: 900 });
  });

  it('an earlier period never moves the renewal back; an annual invoice leaves a monthly price alone', async () => {
    const { orgId } = await owner();
    await buildSubscription(db(), orgId, {
      name: 'Slack',
      catalogSlug: 'slack',
      amountMinor: 10_000,
      nextRenewalDate: '2026-06-01',
    });
    await process(
      orgId,
      invoiceRead({ fields: { periodStart: '2026-01-01', periodEnd: '2026-12-31', totalMinor: 120_000 } }),
    );
    const [app] = await appsOf(orgId);
    expect(app).toMatchObject({ amountMinor: 10_000, nextRenewalDate: '2027-01-01' });
  });

  it('a sender off the allow-list is ignored; a forwarding confirmation still reaches the user', async () => {
    const { orgId } = await owner();
    await setAllowedSenders(db(), orgId, ['@acme.com', 'ap@partner.io']);
    const ignored = await process(orgId, invoiceRead({ from: 'billing@slack.com' }));
    expect(ignored).toMatchObject({
      state: 'ignored',
      reason: 'Sender billing@slack.com not on the allow-list',
    });
    const forwarded = await process(
      orgId,
      invoiceRead({ from: 'jane@acme.com', originalFrom: 'billing@slack.com' }),
    );
    expect(forwarded.state).toBe('imported');
    const confirmation = await process(
      orgId,
      invoiceRead({
        from: 'forwarding-noreply@google.com',
        kind: 'forwarding_confirmation',
        pdf: null,
        confirmation: { provider: 'gmail', link: 'https://mail.google.com/x', code: '123456' },
      }),
    );
    expect(confirmation).toMatchObject({
      state: 'needs_review',
      reason: 'Confirm forwarding to finish the setup',
      confirmation: { provider: 'gmail', link: 'https://mail.google.com/x', code: '123456' },
    });
    expect(await expensesOf(orgId)).toHaveLength(1);
  });

  it('unsure, not-an-invoice and unreadable messages are not booked', async () => {
    const { orgId } = await owner();
    const unsure = await process(orgId, invoiceRead({ confidence: 0.5 }));
    expect(unsure).toMatchObject({ state: 'needs_review' });
    expect(unsure.reason).toBe(
      'Check the fields: vendor uncertain, issue date uncertain, total uncertain, currency uncertain',
    );
    const missing = await process(orgId, invoiceRead({ fields: { totalMinor: null, invoiceNumber: 'X-2' } }));
    expect(missing.reason).toBe('Check the fields: total missing');
    const newsletter = await process(orgId, invoiceRead({ kind: 'not_invoice', pdf: null }));
    expect(newsletter).toMatchObject({ state: 'ignored', reason: 'Not an invoice' });
    const broken = await process(
      orgId,
      invoiceRead({ failed: true, reason: 'The PDF is password-protected' }),
    );
    expect(broken).toMatchObject({ state: 'failed', reason: 'The PDF is password-protected' });
    expect(await expensesOf(orgId)).toHaveLength(0);
  });

  it('the job reads the stored raw message, counts its attempt, and does nothing the second time', async () => {
    const { orgId } = await owner();
    const message = await storeReceivedMessage(deps(), orgId);
    await processInboundMessage(deps(), orgId, message.id);
    const row = await messageRow(orgId, message.id);
    // The placeholder extractor reads nothing: the message waits for a person.
    expect(row).toMatchObject({ state: 'needs_review', attempts: 1 });
    expect(row.processedAt).not.toBeNull();
    await processInboundMessage(deps(), orgId, message.id);
    expect((await messageRow(orgId, message.id)).attempts).toBe(1);
  });

  it('a message whose stored file is gone fails with a reason', async () => {
    const { orgId } = await owner();
    const message = await storeReceivedMessage(deps(), orgId);
    await deps().storage.delete(message.rawKey);
    await processInboundMessage(deps(), orgId, message.id);
    expect(await messageRow(orgId, message.id)).toMatchObject({
      state: 'failed',
      reason: 'The stored message is missing',
      attempts: 1,
    });
  });
});
