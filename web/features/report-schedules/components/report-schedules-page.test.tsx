// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportDelivery, ReportSchedule } from '@common/contracts/reports';
import { session } from '@/test/fixtures';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ReportSchedulesPage } from './report-schedules-page';
import { ScheduleReportButton } from './schedule-report-button';
import { ReportSchedulesScreen } from './screens';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const schedule: ReportSchedule = {
  id: 's1',
  reportKey: 'executive-summary',
  name: 'Board pack',
  frequency: 'monthly',
  dayOfWeek: null,
  dayOfMonth: 1,
  recipients: { memberIds: ['u1'], emails: ['cfo@example.com'] },
  attachXlsx: false,
  enabled: true,
  nextRunOn: '2026-12-01',
  lastSentAt: '2026-11-01T06:00:00.000Z',
  createdAt: '2026-10-01T06:00:00.000Z',
};
const weekly: ReportSchedule = {
  ...schedule,
  id: 's2',
  name: 'Renewals every Monday',
  reportKey: 'renewals-calendar',
  frequency: 'weekly',
  dayOfWeek: 1,
  dayOfMonth: null,
  recipients: { memberIds: [], emails: ['ops@example.com'] },
  enabled: false,
  nextRunOn: null,
  lastSentAt: null,
};
const deliveries: ReportDelivery[] = [
  {
    id: 'd2',
    scheduleId: null,
    scheduleName: null,
    reportKey: 'spend-by-vendor',
    periodKey: '2026-10',
    periodFrom: '2026-10-01',
    periodTo: '2026-10-31',
    status: 'failed',
    recipients: [],
    error: 'No recipient: the members chosen have left the organization',
    createdAt: '2026-11-01T06:00:00.000Z',
    sentAt: null,
  },
  {
    id: 'd1',
    scheduleId: 's1',
    scheduleName: 'Board pack',
    reportKey: 'executive-summary',
    periodKey: '2026-10',
    periodFrom: '2026-10-01',
    periodTo: '2026-10-31',
    status: 'sent',
    recipients: ['ada@example.com', 'cfo@example.com'],
    error: null,
    createdAt: '2026-11-01T06:00:00.000Z',
    sentAt: '2026-11-01T06:00:00.000Z',
  },
];
const members = [
  {
    userId: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'owner',
    joinedAt: '2026-01-01T00:00:00.000Z',
    lastActiveAt: null,
  },
  {
    userId: 'u2',
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    role: 'admin',
    joinedAt: '2026-01-01T00:00:00.000Z',
    lastActiveAt: null,
  },
];

const routes = (role: 'owner' | 'viewer' = 'owner') => ({
  ...session(role, 'pro'),
  'GET /api/report-schedules': [schedule, weekly],
  'GET /api/report-schedules/deliveries': deliveries,
  'GET /api/organization/members': members,
});

describe('/app/reports/schedules', () => {
  it('lists the schedules with their frequency in words, next run and last sent, and the delivery history', async () => {
    mockApi(routes());
    renderWithProviders(<ReportSchedulesPage />, '/app/reports/schedules');
    const row = (await screen.findByText('Board pack', { selector: 'td' })).closest('tr')!;
    expect(row).toHaveTextContent('Executive summary');
    expect(row).toHaveTextContent('Monthly on day 1');
    expect(row).toHaveTextContent('2 recipients');
    expect(row).toHaveTextContent('Dec 1, 2026');
    const other = screen.getByText('Renewals every Monday').closest('tr')!;
    expect(other).toHaveTextContent('Every Monday');
    expect(other).toHaveTextContent('Never');
    expect(within(other).getByRole('switch')).not.toBeChecked();

    const failed = (await screen.findByText('Deleted schedule')).closest('tr')!;
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('No recipient: the members chosen have left the organization');
    expect(failed).toHaveTextContent('Oct 1, 2026 – Oct 31, 2026');
    const sent = screen.getAllByText('Board pack').at(-1)!.closest('tr')!;
    expect(sent).toHaveTextContent('Sent');
    expect(sent).toHaveTextContent('ada@example.com, cfo@example.com');
  });

  it('creates a weekly schedule for chosen members and outside addresses', async () => {
    const api = mockApi({
      ...routes(),
      'POST /api/report-schedules': ({ body }: { body: unknown }) => ({
        ...schedule,
        ...(body as object),
        id: 's3',
      }),
    });
    renderWithProviders(<ReportSchedulesPage />, '/app/reports/schedules');
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule a report' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Report'), 'Spend by vendor');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Spend by vendor');
    await userEvent.selectOptions(within(dialog).getByLabelText('Frequency'), 'weekly');
    await userEvent.selectOptions(within(dialog).getByLabelText('Day of the week'), 'Friday');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Grace Hopper/ }));
    await userEvent.type(
      within(dialog).getByLabelText('Other e-mail addresses'),
      'cfo@example.com, cto@example.com',
    );
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Attach the Excel workbook' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      reportKey: 'spend-by-vendor',
      name: 'Spend by vendor',
      frequency: 'weekly',
      dayOfWeek: 5,
      dayOfMonth: null,
      recipients: { memberIds: ['u2'], emails: ['cfo@example.com', 'cto@example.com'] },
      attachXlsx: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s message when a schedule cannot be saved, and keeps the dialog open', async () => {
    mockApi({
      ...routes(),
      'PATCH /api/report-schedules/s1': reply(400, {
        code: 'validation_error',
        message: 'Invalid request — recipients.emails: Choose at least one recipient',
        fields: [{ field: 'recipients.emails', message: 'Choose at least one recipient' }],
      }),
    });
    renderWithProviders(<ReportSchedulesPage />, '/app/reports/schedules');
    const row = (await screen.findByText('Board pack', { selector: 'td' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Other e-mail addresses')).toHaveValue('cfo@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one recipient')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('turns a schedule off, sends one now and deletes one after confirming', async () => {
    const api = mockApi({
      ...routes(),
      'PATCH /api/report-schedules/s1': { ...schedule, enabled: false },
      'POST /api/report-schedules/s1/send': deliveries[1],
      'DELETE /api/report-schedules/s2': reply(204),
    });
    renderWithProviders(<ReportSchedulesPage />, '/app/reports/schedules');
    const row = (await screen.findByText('Board pack', { selector: 'td' })).closest('tr')!;
    await userEvent.click(within(row).getByRole('switch'));
    await userEvent.click(within(row).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Sent to 2 recipients')).toBeInTheDocument();
    const other = screen.getByText('Renewals every Monday').closest('tr')!;
    await userEvent.click(within(other).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'PATCH /api/report-schedules/s1',
      'POST /api/report-schedules/s1/send',
      'DELETE /api/report-schedules/s2',
    ]);
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ enabled: false });
  });

  it('is read-only for viewers, and an upgrade prompt on Starter', async () => {
    mockApi(routes('viewer'));
    const { unmount } = renderWithProviders(<ReportSchedulesPage />, '/app/reports/schedules');
    const row = (await screen.findByText('Board pack', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Schedule a report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();

    mockApi({ ...session('owner', 'starter') });
    renderWithProviders(<ReportSchedulesScreen />, '/app/reports/schedules');
    expect(await screen.findByTestId('upgrade-prompt')).toBeInTheDocument();
  });

  it('ScheduleReportButton opens the dialog with its report chosen', async () => {
    mockApi(routes());
    renderWithProviders(
      <ScheduleReportButton reportKey="budget-vs-actual" />,
      '/app/reports/budget-vs-actual',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Report')).toHaveValue('budget-vs-actual');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Budget vs actual');
  });
});
