// @vitest-environment jsdom
import '@/test/dom';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { RegisterPage } from './register-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());

describe('register', () => {
  it('validates with the shared schema, then shows "Registration failed" with the server message', async () => {
    const api = mockApi({
      'POST /api/auth/register': reply(409, {
        message: 'An account with this email already exists',
        code: 'conflict',
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<RegisterPage />, '/auth/register');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(screen.getByText('Please enter an email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await u.type(screen.getByLabelText('First name'), 'Ada');
    await u.type(screen.getByLabelText('Last name'), 'Lovelace');
    await u.type(screen.getByLabelText('Work email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password', { selector: 'input' }), 'correct-horse-battery');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'correct-horse-battery',
    });
  });
});

describe('password reset', () => {
  it('asks for a link and confirms without saying whether the account exists', async () => {
    mockApi({ 'POST /api/auth/forgot-password': { message: 'If an account exists, a link is on its way.' } });
    const u = userEvent.setup();
    renderWithProviders(<ForgotPasswordPage />, '/forgot-password');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('explains a link without a token', () => {
    mockApi({});
    renderWithProviders(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByRole('heading', { name: 'This reset link is incomplete' })).toBeInTheDocument();
  });

  it('sets a new password with the token from the link', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': reply(204) });
    const u = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, '/reset-password?token=abcdefghijklmnop');
    await u.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await u.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({ token: 'abcdefghijklmnop', password: 'a-brand-new-password' });
  });

  it('shows the server message for an expired link', async () => {
    mockApi({
      'POST /api/auth/reset-password': reply(400, {
        message: 'This reset link is invalid or has expired. Ask for a new one.',
        code: 'invalid_token',
      }),
    });
    const u = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, '/reset-password?token=abcdefghijklmnop');
    await u.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await u.type(screen.getByLabelText('Confirm new password'), 'a-brand-new-password');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText('This reset link is invalid or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new one' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
