// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ALERT_RULES } from '@common/alerts';
import type { NotificationSettings } from '@common/contracts/notification-settings';
import { organizationDetail } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { NotificationsTab } from './notifications-tab';

afterEach(() => vi.unstubAllGlobals());

const defaults: NotificationSettings = {
  rules: DEFAULT_ALERT_RULES,
  channels: {
    inApp: { enabled: true },
    email: { enabled: true, roles: ['owner', 'admin'], applicationOwner: true },
    slack: { enabled: false, webhookUrl: null },
    webhook: { enabled: false, url: null, secretHint: null },
  },
  configured: false,
  updatedAt: null,
};

describe('/app/settings/notifications', () => {
  it('edits offset chips and channels, saves with PUT and shows the new webhook secret once', async () => {
    const api = mockApi({
      'GET /api/organization': organizationDetail,
      'GET /api/settings/notifications': defaults,
      'GET /api/settings/notifications/me': { emailMode: 'digest', configured: false },
      'PUT /api/settings/notifications': ({ body }: { body: { rules: NotificationSettings['rules'] } }) => ({
        ...defaults,
        rules: body.rules,
        configured: true,
        channels: {
          ...defaults.channels,
          webhook: { enabled: true, url: 'https://hooks.example.com/sw', secretHint: '…abcd' },
        },
        webhookSecret: 'whsec_shown_once_abcd',
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<NotificationsTab />, '/app/settings/notifications');
    await u.click(await screen.findByRole('button', { name: 'Remove 90 days from Cancel-by reminders' }));
    await u.type(screen.getByLabelText('Add days to Cancel-by reminders'), '120{Enter}');
    expect(screen.getByRole('list', { name: 'Cancel-by reminders' })).toHaveTextContent(
      '120 days60 days30 days14 days7 days1 day',
    );
    await u.click(screen.getByLabelText('Send alerts to a webhook'));
    await u.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/sw');
    await u.click(screen.getByRole('checkbox', { name: 'Members' }));
    await u.click(screen.getByRole('button', { name: 'Save notification settings' }));

    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      rules: { ...DEFAULT_ALERT_RULES, cancelBy: { enabled: true, offsets: [120, 60, 30, 14, 7, 1] } },
      channels: {
        email: { enabled: true, roles: ['owner', 'admin', 'member'], applicationOwner: true },
        slack: { enabled: false, webhookUrl: null },
        webhook: { enabled: true, url: 'https://hooks.example.com/sw' },
      },
    });
    expect(await screen.findByLabelText('Webhook signing secret')).toHaveValue('whsec_shown_once_abcd');
    await u.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByLabelText('Webhook signing secret')).not.toBeInTheDocument());
    expect(screen.getByText('…abcd')).toBeInTheDocument();
  });

  it('refuses a zero offset in the browser, shows server field errors, and keeps Slack behind Growth', async () => {
    const api = mockApi({
      'GET /api/organization': organizationDetail,
      'GET /api/settings/notifications': defaults,
      'GET /api/settings/notifications/me': { emailMode: 'digest', configured: false },
      'PUT /api/settings/notifications': reply(400, {
        message: 'The address 127.0.0.1 is private',
        code: 'validation_error',
        fields: [
          {
            field: 'channels.webhook.url',
            message: 'The address 127.0.0.1 is private, loopback or reserved.',
          },
        ],
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<NotificationsTab />, '/app/settings/notifications');
    await u.type(await screen.findByLabelText('Add days to Renewal due soon'), '0{Enter}');
    expect(screen.getByText('Enter a whole number of days, 1 or more.')).toBeInTheDocument();
    expect(screen.getByLabelText('Incoming webhook URL')).toBeDisabled();
    expect(screen.getByText('Growth plan')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Webhook URL'), 'http://127.0.0.1/hook');
    await u.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(
      await screen.findByText('The address 127.0.0.1 is private, loopback or reserved.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('sends a test per channel and lets members set only their own e-mail preference', async () => {
    const api = mockApi({
      'GET /api/organization': { ...organizationDetail, role: 'member' },
      'GET /api/settings/notifications/me': { emailMode: 'digest', configured: false },
      'PUT /api/settings/notifications/me': { emailMode: 'immediate', configured: true },
    });
    const u = userEvent.setup();
    renderWithProviders(<NotificationsTab />, '/app/settings/notifications');
    expect(await screen.findByText(/Only owners and admins change/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save notification settings' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Daily digest/ })).toBeChecked());
    await u.click(screen.getByRole('radio', { name: /Immediately/ }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: '/api/settings/notifications/me',
          body: { emailMode: 'immediate' },
        }),
      ),
    );
    expect(api.calls.some((c) => c.path === '/api/settings/notifications')).toBe(false);
  });

  it('send test reports the result', async () => {
    const api = mockApi({
      'GET /api/organization': organizationDetail,
      'GET /api/settings/notifications': { ...defaults, configured: true },
      'GET /api/settings/notifications/me': { emailMode: 'digest', configured: false },
      'POST /api/settings/notifications/test': {
        ok: true,
        message: 'A test e-mail was sent to maya@example.com.',
        responseStatus: null,
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<NotificationsTab />, '/app/settings/notifications');
    const buttons = await screen.findAllByRole('button', { name: 'Send test' });
    await u.click(buttons[1]); // e-mail
    expect(await screen.findByText('A test e-mail was sent to maya@example.com.')).toBeInTheDocument();
    expect(api.calls).toContainEqual(expect.objectContaining({ method: 'POST', body: { channel: 'email' } }));
  });
});
