// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@common/roles';
import { dismissToast } from '@/components/ui/use-toast';
import { session } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ADDRESS, forwarding } from '../test/fixtures';
import { InvoiceForwardingTab } from './invoice-forwarding-tab';

afterEach(() => vi.unstubAllGlobals());

let api: MockApi;
function serve(role: Role = 'owner', data = forwarding()) {
  api = mockApi({
    ...session(role),
    'GET /api/invoice-forwarding': data,
    'PATCH /api/invoice-forwarding': ({ body }: { body: { allowedSenders: string[] } }) => ({
      ...data,
      ...body,
    }),
    'POST /api/invoice-forwarding/regenerate': { ...data, address: 'invoices+n3w@in.stackwise.app' },
  });
}

function renderTab() {
  const user = userEvent.setup();
  act(() => dismissToast());
  const result = renderWithProviders(<InvoiceForwardingTab />, '/app/settings/invoice-forwarding');
  return { user, ...result };
}

describe('Settings → Invoice forwarding', () => {
  it('shows the address, copies it, and explains Gmail and Outlook set-up', async () => {
    serve();
    const { user } = renderTab();
    expect(await screen.findByLabelText('Forwarding address')).toHaveTextContent(ADDRESS);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByText('Address copied')).toBeInTheDocument();
    expect(screen.getByText('from:(billing OR invoice OR receipt)')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Outlook / Microsoft 365' }));
    expect(await screen.findByText(/outbound spam filter policy/)).toBeInTheDocument();
    expect(screen.getByTestId('setup-state')).toHaveTextContent('5 imported · 2 to review');
    // The last messages link into the inbox.
    expect(screen.getByRole('link', { name: 'Your Atlassian invoice AT-2026-0412' })).toHaveAttribute(
      'href',
      '/app/expenses?tab=invoices&message=m1',
    );
  });

  it('no message yet: says it is waiting', async () => {
    serve(
      'owner',
      forwarding({
        setup: {
          receivedAny: false,
          lastReceivedAt: null,
          importedCount: 0,
          needsReviewCount: 0,
          cannotReceive: null,
        },
        recentMessages: [],
      }),
    );
    renderTab();
    expect(await screen.findByText('Waiting for the first message')).toBeInTheDocument();
    expect(screen.getByText('Nothing received yet')).toBeInTheDocument();
  });

  it('says plainly that mail cannot arrive yet, and what to set, even with messages already in', async () => {
    const reason =
      'Mail cannot arrive at this address yet: no receiver is on: set INBOUND_SMTP_PORT (the built-in SMTP receiver).';
    serve('owner', forwarding({ setup: { ...forwarding().setup, cannotReceive: reason } }));
    renderTab();
    const state = await screen.findByTestId('setup-state');
    expect(state).toHaveTextContent(reason);
    expect(state).not.toHaveTextContent('Receiving');
    expect(state).toHaveTextContent('5 imported · 2 to review'); // what came before still counts
  });

  it('shows a pending Gmail confirmation with its code and link', async () => {
    serve(
      'owner',
      forwarding({
        pendingConfirmation: {
          messageId: 'm9',
          provider: 'gmail',
          from: 'forwarding-noreply@google.com',
          link: 'https://mail-settings.google.com/mail/vf-abc123',
          code: '583920417',
          receivedAt: '2026-11-20T09:00:00.000Z',
        },
      }),
    );
    const { user } = renderTab();
    const banner = await screen.findByRole('region', { name: 'Forwarding confirmation' });
    expect(within(banner).getByText('Gmail asks you to confirm forwarding')).toBeInTheDocument();
    expect(within(banner).getByLabelText('Confirmation code')).toHaveTextContent('583920417');
    const link = within(banner).getByRole('link', { name: 'Open confirmation link' });
    expect(link).toHaveAttribute('href', 'https://mail-settings.google.com/mail/vf-abc123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(banner).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('583920417');
  });

  it('never links a confirmation that is not a web address', async () => {
    serve(
      'owner',
      forwarding({
        pendingConfirmation: {
          messageId: 'm9',
          provider: 'other',
          from: 'x@evil.test',
          link: 'javascript:alert(1)',
          code: null,
          receivedAt: '2026-11-20T09:00:00.000Z',
        },
      }),
    );
    renderTab();
    const banner = await screen.findByRole('region', { name: 'Forwarding confirmation' });
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('edits the allow-list: adds, refuses an invalid entry, removes, and saves the list', async () => {
    serve();
    const { user } = renderTab();
    const input = await screen.findByLabelText('Add a sender');
    await user.type(input, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an e-mail address or @domain');
    await user.clear(input);
    await user.type(input, 'Billing@Zoom.us');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const list = screen.getByRole('list', { name: 'Allowed senders' });
    expect(within(list).getByText('billing@zoom.us')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove @atlassian.com' }));
    expect(within(list).queryByText('@atlassian.com')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save allowed senders' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        allowedSenders: ['billing@zoom.us'],
      }),
    );
    expect(await screen.findByText('Allowed senders saved')).toBeInTheDocument();
  });

  it('regenerates the address after a warning', async () => {
    serve();
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the address?' });
    expect(dialog).toHaveTextContent('The old address stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate address' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Forwarding address')).toHaveTextContent('invoices+n3w@in.stackwise.app'),
    );
    expect(await screen.findByText('New address ready')).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path === '/api/invoice-forwarding/regenerate'),
    ).toBe(true);
  });

  it('members read the allow-list and cannot regenerate', async () => {
    serve('member');
    renderTab();
    expect(await screen.findByLabelText('Forwarding address')).toHaveTextContent(ADDRESS);
    expect(screen.getByText('@atlassian.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a sender')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
