// @vitest-environment jsdom
import '@/test/dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsageImportBody, UsageImportResult } from '@common/contracts/usage';
import { organization, organizationDetail, user } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { application, pool } from '../test-fixtures';
import { UsageImportDialog } from './usage-import-dialog';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function report(body: UsageImportBody): UsageImportResult {
  const mapped = Boolean(body.applicationMap?.['Slack Enterprise']);
  return {
    headers: ['User', 'Application', 'Last Login'],
    mapping: { email: 'User', application: 'Application', lastSeen: 'Last Login', assigned: null },
    signal: 'sign-in',
    dryRun: body.dryRun ?? false,
    applied: !body.dryRun,
    rows: mapped
      ? []
      : [
          {
            line: 2,
            email: 'ada@example.com',
            application: 'Slack Enterprise',
            subscriptionId: null,
            lastSeen: null,
            assigned: null,
            status: 'error',
            message: null,
            errors: [{ line: 2, field: 'application', message: '"Slack Enterprise" matches no application' }],
            existing: null,
            duplicateOfRow: null,
          },
        ],
    summary: {
      updated: mapped ? 1 : 0,
      unchanged: 0,
      never: 0,
      skipped: 0,
      ignored: 0,
      error: mapped ? 0 : 1,
    },
    unmatchedApplications: mapped ? [] : ['Slack Enterprise'],
  };
}

describe('usage import', () => {
  it('previews, maps an unknown application name, and records the activity', async () => {
    api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [{ ...organization, subscriptionPlan: 'pro' }],
      'GET /api/organization': {
        ...organizationDetail,
        subscriptionPlan: 'pro',
        effectivePlan: 'pro',
        viewPlan: 'pro',
      },
      'POST /api/usage/import': ({ body }: { body: UsageImportBody }) => report(body),
    });
    const u = userEvent.setup();
    renderWithProviders(
      <UsageImportDialog open onOpenChange={() => {}} applications={[application(pool())]} />,
    );
    await u.upload(
      screen.getByLabelText('CSV file'),
      new File(['User,Application,Last Login\nada@example.com,Slack Enterprise,2026-03-01'], 'okta.csv'),
    );
    await u.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('Line 2 · Application: "Slack Enterprise" matches no application'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('usage-signal')).toHaveTextContent('read as sign-ins (column “Last Login”)');
    expect(screen.getByRole('button', { name: 'Record activity' })).toBeDisabled();
    await u.selectOptions(screen.getByLabelText('Application for Slack Enterprise'), 'app-slack');
    expect(await screen.findByText('seats updated')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Record activity' }));
    expect(await screen.findByText('Activity recorded for 1 seat')).toBeInTheDocument();
    const calls = api.calls.filter((c) => c.path === '/api/usage/import');
    expect(calls.map((c) => (c.body as UsageImportBody).dryRun)).toEqual([true, true, false]);
    expect((calls[2].body as UsageImportBody).applicationMap).toEqual({ 'Slack Enterprise': 'app-slack' });
  });

  it('lists seats whose activity is already recorded that day, skipped unless updated', async () => {
    const recorded: UsageImportResult = {
      ...report({ csv: 'x', applicationMap: { 'Slack Enterprise': 'app-slack' } }),
      rows: [
        {
          line: 2,
          email: 'ada@example.com',
          application: 'Slack',
          subscriptionId: 'app-slack',
          lastSeen: '2026-03-20T17:00:00.000Z',
          assigned: null,
          status: 'unchanged',
          message: 'Activity already recorded that day',
          errors: [],
          existing: { id: 'seat-1', label: 'ada@example.com · Slack', matchedBy: 'usage' },
          duplicateOfRow: null,
        },
      ],
    };
    api = mockApi({
      'GET /api/auth/user': user,
      'GET /api/organizations': [{ ...organization, subscriptionPlan: 'pro' }],
      'GET /api/organization': {
        ...organizationDetail,
        subscriptionPlan: 'pro',
        effectivePlan: 'pro',
        viewPlan: 'pro',
      },
      'POST /api/usage/import': recorded,
    });
    const u = userEvent.setup();
    renderWithProviders(
      <UsageImportDialog open onOpenChange={() => {}} applications={[application(pool())]} />,
    );
    await u.upload(
      screen.getByLabelText('CSV file'),
      new File(['User,Application,Last Login\nada@example.com,Slack,2026-03-20T17:00Z'], 'okta.csv'),
    );
    await u.click(screen.getByRole('button', { name: 'Preview' }));
    const section = await screen.findByRole('region', { name: 'Already in Stackwise' });
    expect(section).toHaveTextContent(
      'Line 2 · ada@example.com · Slack — Already in Stackwise: ada@example.com · Slack (activity already recorded that day)',
    );
    await u.selectOptions(screen.getByLabelText('For all matched rows'), 'update');
    await u.click(screen.getByRole('button', { name: 'Record activity' }));
    const calls = api.calls.filter((c) => c.path === '/api/usage/import');
    expect((calls.at(-1)?.body as UsageImportBody).decisions).toEqual({ default: 'update', rows: [] });
  });
});
