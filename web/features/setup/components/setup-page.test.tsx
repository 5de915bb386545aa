// @vitest-environment jsdom
import '@/test/dom';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organization } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SetupPage } from './setup-page';

afterEach(() => vi.unstubAllGlobals());

describe('/app/setup', () => {
  it('shows the six steps, which are done, and a button to where each is done', async () => {
    mockApi({ 'GET /api/organizations': [organization] });
    renderWithProviders(<SetupPage />, '/app/setup');
    expect(await screen.findByText('2 of 6 steps complete')).toBeInTheDocument();
    expect(screen.getByText('4 steps remaining')).toBeInTheDocument();
    const expected: Array<[string, string]> = [
      ['Review', '/app/subscriptions'],
      ['Import expenses', '/app/expenses'],
      ['Create a budget', '/app/budget'],
      ['Configure alerts', '/app/settings/notifications'],
      ['Assign licenses', '/app/licenses'],
    ];
    for (const [name, href] of expected) {
      expect(screen.getAllByRole('link', { name })[0]).toHaveAttribute('href', href);
    }
    expect(screen.getAllByRole('link', { name: 'Review' }).map((a) => a.getAttribute('href'))).toEqual([
      '/app/subscriptions',
      '/app/team',
    ]);
    expect(screen.getAllByText(/\(complete\)/)).toHaveLength(2);
  });

  it('says so when every step is done', async () => {
    const progress = {
      addApplications: true,
      inviteTeam: true,
      importExpenses: true,
      createBudget: true,
      configureAlerts: true,
      assignLicenses: true,
    };
    mockApi({ 'GET /api/organizations': [{ ...organization, setupProgress: progress }] });
    renderWithProviders(<SetupPage />, '/app/setup');
    expect(await screen.findByText('Your workspace is fully set up.')).toBeInTheDocument();
  });
});
