// @vitest-environment jsdom
import '@/test/dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';
import { browser } from '@/lib/browser';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { restoreMocksAfterEach } from '@/test/restore-mocks';

restoreMocksAfterEach();

describe('Continue with SSO on the login page', () => {
  it('uses the typed e-mail and leaves for the identity provider', async () => {
    mockApi({ 'GET /api/auth/sso/start': { redirected: true } });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, '/auth/login?next=%2Fapp%2Frenewals');
    await user.type(screen.getByLabelText('Email'), 'ada@acme.com');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await vi.waitFor(() =>
      expect(go).toHaveBeenCalledWith('/api/auth/sso/start?email=ada%40acme.com&returnTo=%2Fapp%2Frenewals'),
    );
  });

  it('asks for the work e-mail and says when SSO is not set up for its domain', async () => {
    mockApi({
      'GET /api/auth/sso/start': reply(404, {
        code: 'sso_not_configured',
        message: 'Single sign-on is not set up for example.org.',
      }),
    });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, '/auth/login');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await user.type(screen.getByLabelText('Work email'), 'bob@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(await screen.findByText('Single sign-on is not set up for example.org.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('explains a failed sign-in and a password refused because SSO is required', async () => {
    mockApi({
      'POST /api/auth/login': reply(403, {
        code: 'sso_required',
        message: 'Your organization requires single sign-on. Use Continue with SSO.',
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, '/auth/login?sso_error=sso_expired');
    expect(screen.getByRole('alert')).toHaveTextContent('expired or was already used');
    await user.type(screen.getByLabelText('Email'), 'ada@acme.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'correct-horse-battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText(/requires single sign-on/)).not.toHaveLength(0);
  });
});
