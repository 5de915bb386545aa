// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboundMessageDetailWire } from '@common/contracts/invoice-forwarding';
import type { Role } from '@common/roles';
import { dismissToast } from '@/components/ui/use-toast';
import { WithUpgradeDialogs } from '@/test/upgrade-dialogs';
import { applications } from '@/features/expenses/test/fixtures';
import { session } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ADDRESS, detail, FIGMA_ID, forwarding, messageList, SLACK_ID, summary } from '../test/fixtures';
import { InvoiceInbox } from './invoice-inbox';

afterEach(() => vi.unstubAllGlobals());

const imported = summary({
  id: 'm2',
  state: 'imported',
  reason: null,
  from: 'receipts@slack.com',
  subject: 'Your Slack receipt',
  vendorName: 'Slack',
  invoiceNumber: 'SL-88',
  totalMinor: 87_500,
  currency: 'EUR',
  subscriptionId: SLACK_ID,
  subscriptionName: 'Slack',
  expenseId: 'e9',
});

let api: MockApi;
function serve(
  role: Role = 'owner',
  message: InboundMessageDetailWire = detail(),
  extra: Record<string, unknown> = {},
) {
  api = mockApi({
    ...session(role),
    'GET /api/invoice-forwarding/messages': ({ url }: { url: URL }) => {
      const state = url.searchParams.get('state');
      if (state === 'imported') return messageList([imported]);
      if (url.searchParams.get('cursor') === 'c2') return messageList([imported]);
      return messageList([summary()], { nextCursor: state ? null : 'c2' });
    },
    'GET /api/invoice-forwarding/messages/m1': message,
    'PATCH /api/invoice-forwarding/messages/m1': ({ body }: { body: { action?: string } }) => ({
      ...message,
      state: body.action === 'ignore' ? 'ignored' : body.action ? 'imported' : message.state,
    }),
    'GET /api/subscriptions': applications([
      { id: SLACK_ID, name: 'Slack' },
      { id: FIGMA_ID, name: 'Figma' },
    ]),
    'GET /api/invoice-forwarding': forwarding(),
    ...extra,
  });
}

function renderInbox(role: Role = 'owner', path = '/app/expenses?tab=invoices') {
  const user = userEvent.setup();
  act(() => dismissToast());
  const canWrite = role !== 'viewer';
  const result = renderWithProviders(
    <WithUpgradeDialogs>
      <InvoiceInbox canWrite={canWrite} />
    </WithUpgradeDialogs>,
    path,
  );
  return { user, ...result };
}

const patches = () => api.calls.filter((c) => c.method === 'PATCH');
async function openMessage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Your Atlassian invoice AT-2026-0412' }));
  return screen.findByRole('dialog', { name: 'Your Atlassian invoice AT-2026-0412' });
}

describe('Expenses → Invoices', () => {
  it('lists the messages with counts per state, filters by state and loads more', async () => {
    serve();
    const { user, router } = renderInbox();
    const table = await screen.findByRole('table', { name: 'Received invoices' });
    expect(within(table).getByText('Atlassian')).toBeInTheDocument();
    expect(within(table).getByText('AT-2026-0412')).toBeInTheDocument();
    expect(within(table).getByText('$125.00')).toBeInTheDocument();
    expect(within(table).getByText('Needs review')).toBeInTheDocument();
    expect(within(table).getByText('Total read with low confidence')).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Filter by state' });
    expect(within(filters).getByRole('button', { name: 'All 9' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filters).getByRole('button', { name: 'Needs review 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Your Slack receipt')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/invoice-forwarding/messages?cursor=c2&limit=50')).toBe(
      true,
    );

    await user.click(within(filters).getByRole('button', { name: 'Imported 5' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path === '/api/invoice-forwarding/messages?state=imported&limit=50'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId('inbox-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Slack' })).toHaveAttribute(
      'href',
      `/app/subscriptions/${SLACK_ID}`,
    );
    expect(screen.getByText('€875.00')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=invoices&state=imported');
  });

  it('opens a message: fields with confidence, plain text, attachments and the original', async () => {
    serve();
    const { user, router } = renderInbox();
    const dialog = await openMessage(user);
    expect(router.state.location.search).toBe('?tab=invoices&message=m1');
    expect(within(dialog).getByLabelText('Vendor')).toHaveValue('Atlassian');
    expect(within(dialog).getByLabelText('Total')).toHaveValue('125.00');
    expect(within(dialog).getByText('Low confidence (62 %)')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Low confidence/)).toHaveLength(1);
    expect(within(dialog).getByRole('table', { name: 'Line items' })).toHaveTextContent(
      'Jira Standard (10 users)',
    );
    // The text is shown as text: a script in it is not an element.
    expect(within(dialog).getByLabelText('Message text')).toHaveTextContent('<script>alert(1)</script>');
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByText('invoice-AT-2026-0412.pdf')).toBeInTheDocument();
    const original = within(dialog).getByRole('link', { name: 'View original' });
    expect(original).toHaveAttribute('href', '/api/invoice-forwarding/messages/m1/original');
    expect(original).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'Download .eml' })).toHaveAttribute(
      'href',
      '/api/invoice-forwarding/messages/m1/original?part=raw',
    );
  });

  it('a link with ?message= opens that message; edit a field and accept sends the corrections', async () => {
    serve();
    const { user, router } = renderInbox('member', '/app/expenses?tab=invoices&message=m1');
    const dialog = await screen.findByRole('dialog', { name: 'Your Atlassian invoice AT-2026-0412' });
    const total = within(dialog).getByLabelText('Total');
    await user.clear(total);
    await user.type(total, '150');
    await user.clear(within(dialog).getByLabelText('Card last 4'));
    await user.type(within(dialog).getByLabelText('Card last 4'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Enter the last four digits')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Card last 4'), '34');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toEqual({
      action: 'accept',
      fields: { totalMinor: 15_000, cardLast4: '1234' },
    });
    expect(await screen.findByText('Invoice booked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?tab=invoices');
  });

  it('saves the fields alone, without a decision', async () => {
    serve();
    const { user } = renderInbox();
    const dialog = await openMessage(user);
    expect(within(dialog).getByRole('button', { name: 'Save fields' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Tax'), '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save fields' }));
    await waitFor(() => expect(patches()[0]?.body).toEqual({ fields: { taxMinor: 1250 } }));
    expect(await screen.findByText('Fields saved')).toBeInTheDocument();
  });

  it('merges into an existing application', async () => {
    serve();
    const { user } = renderInbox();
    const dialog = await openMessage(user);
    await user.click(within(dialog).getByRole('button', { name: 'Merge into…' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Application to merge into' }));
    await user.click(await screen.findByRole('option', { name: 'Figma' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(patches()[0]?.body).toEqual({ action: 'merge', subscriptionId: FIGMA_ID }));
    expect(await screen.findByText('Invoice merged')).toBeInTheDocument();
  });

  it('ignores a message', async () => {
    serve();
    const { user } = renderInbox();
    const dialog = await openMessage(user);
    await user.click(within(dialog).getByRole('button', { name: 'Ignore' }));
    await waitFor(() => expect(patches()[0]?.body).toEqual({ action: 'ignore' }));
    expect(await screen.findByText('Message ignored')).toBeInTheDocument();
  });

  it('viewers see everything read-only, without actions', async () => {
    serve('viewer');
    const { user } = renderInbox('viewer');
    const dialog = await openMessage(user);
    expect(within(dialog).getByLabelText('Vendor')).toHaveAttribute('readonly');
    for (const name of ['Accept', 'Merge into…', 'Save fields', 'Ignore']) {
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(dialog).getByRole('link', { name: 'View original' })).toBeInTheDocument();
  });

  it('an invoice over the plan’s application limit offers the upgrade instead of Accept', async () => {
    serve('owner', detail({ upgradeRequired: true }));
    const { user } = renderInbox();
    const dialog = await openMessage(user);
    expect(within(dialog).getByRole('note')).toHaveTextContent('application limit is reached');
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Merge into…' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to book it' }));
    expect(await screen.findByRole('dialog', { name: /Upgrade to Growth/ })).toBeInTheDocument();
  });

  it('a plan_limit answer to Accept opens the upgrade dialog', async () => {
    serve('owner', detail(), {
      'PATCH /api/invoice-forwarding/messages/m1': reply(403, {
        message: 'The Starter plan allows up to 15 applications.',
        code: 'plan_limit',
        kind: 'apps',
        limit: 15,
        current: 15,
        plan: 'starter',
        requiredPlan: 'pro',
      }),
    });
    const { user } = renderInbox();
    const dialog = await openMessage(user);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('dialog', { name: /Upgrade to Growth/ })).toBeInTheDocument();
    expect(screen.queryByText('Could not update the message')).not.toBeInTheDocument();
  });

  it('an empty inbox says where to forward invoices', async () => {
    serve('owner', detail(), { 'GET /api/invoice-forwarding/messages': messageList([], { counts: {} }) });
    renderInbox();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up invoice forwarding' })).toHaveAttribute(
      'href',
      '/app/settings/invoice-forwarding',
    );
  });
});
