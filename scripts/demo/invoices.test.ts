import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/lib/clock';
import { api, buildOrgOwner } from '../../server/test/factories';
import { useTestServer } from '../../server/test/test-server';

const server = useTestServer({ clock: fixedClock('2026-05-20T09:00:00Z') });

describe('demo forwarded invoices', () => {
  it('shows the inbox in every state, the imported invoice booked on its application', async () => {
    const owner = await buildOrgOwner(server.app);
    const client = api(server.app, owner.cookie);
    expect((await client.post('/api/demo')).statusCode).toBe(201);

    const inbox = (await client.get('/api/invoice-forwarding/messages')).json();
    expect(inbox.counts).toMatchObject({ imported: 1, duplicate: 1, needs_review: 1, ignored: 1, failed: 1 });
    const imported = inbox.messages.find((m: { state: string }) => m.state === 'imported');
    expect(imported.subscriptionName).toBeTruthy();
    const duplicate = inbox.messages.find((m: { state: string }) => m.state === 'duplicate');
    expect(duplicate.duplicateOfId).toBe(imported.id);

    const expense = (await client.get(`/api/expenses/${imported.expenseId}`)).json();
    expect(expense).toMatchObject({
      subscriptionId: imported.subscriptionId,
      invoiceNumber: imported.invoiceNumber,
    });
    expect(expense.document).toMatchObject({ contentType: 'application/pdf' });
    const settings = (await client.get('/api/invoice-forwarding')).json();
    expect(settings.setup).toMatchObject({ receivedAny: true, importedCount: 1 });
  });
});
