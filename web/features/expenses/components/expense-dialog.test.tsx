// @vitest-environment jsdom
import '@/test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Expense } from '@common/contracts/expenses';
import { SettingsDataProvider } from '@/lib/settings/settings-data-provider';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { applications, CARD_ID, expense, session, SLACK_ID } from '../test/fixtures';
import { ExpenseDialog } from './expense-dialog';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({
    ...session(),
    'GET /api/subscriptions': applications([{ id: SLACK_ID, name: 'Slack' }]),
    'GET /api/settings/payment-methods': [{ id: CARD_ID, name: 'Amex Corporate' }],
    'POST /api/expenses': ({ body }: { body: Partial<Expense> }) =>
      reply(201, expense({ ...body, id: 'e-new' })),
    'PATCH /api/expenses/e1': expense(),
    ...extra,
  });
}

function renderDialog(current: Expense | null = null) {
  const onOpenChange = vi.fn();
  const u = userEvent.setup();
  renderWithProviders(
    <SettingsDataProvider>
      <ExpenseDialog expense={current} open onOpenChange={onOpenChange} />
    </SettingsDataProvider>,
  );
  return { u, onOpenChange };
}

const writes = () => api.calls.filter((c) => c.method !== 'GET');

describe('expense dialog', () => {
  it('shows what is wrong with the amount and the date, and sends nothing', async () => {
    serve();
    const { u, onOpenChange } = renderDialog();
    await screen.findByRole('dialog', { name: 'Add expense' });
    await u.click(screen.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText('Enter the amount')).toBeInTheDocument();
    expect(screen.getByText('Merchant is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');

    await u.type(screen.getByLabelText('Amount'), 'twelve');
    await u.type(screen.getByLabelText('Merchant'), 'ZOOM.US');
    await u.click(screen.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText('Enter an amount such as 49.99')).toBeInTheDocument();

    await u.clear(screen.getByLabelText('Amount'));
    await u.type(screen.getByLabelText('Amount'), '20000000000'); // above the 10 billion limit
    await u.click(screen.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText('Amount is too large')).toBeInTheDocument();

    await u.clear(screen.getByLabelText('Amount'));
    await u.type(screen.getByLabelText('Amount'), '14.99');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '' } });
    await u.click(screen.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText('Enter the date of the charge')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid');
    expect(writes()).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('adds an expense in minor units, with the payment method, and closes', async () => {
    serve();
    const { u, onOpenChange } = renderDialog();
    await screen.findByRole('option', { name: 'Amex Corporate' });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-03-04' } });
    await u.type(screen.getByLabelText('Amount'), '1,234.5');
    await u.type(screen.getByLabelText('Merchant'), 'ZOOM.US 888-799-9666 CA');
    await u.selectOptions(screen.getByLabelText('Payment method'), CARD_ID);
    await u.type(screen.getByLabelText('Invoice number'), 'INV-42');
    await u.click(screen.getByRole('button', { name: 'Add expense' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({ method: 'POST', path: '/api/expenses' });
    expect(writes()[0].body).toEqual({
      date: '2026-03-04',
      amountMinor: 123450,
      currency: 'USD',
      merchant: 'ZOOM.US 888-799-9666 CA',
      paymentMethodId: CARD_ID,
      categoryId: null,
      invoiceNumber: 'INV-42',
      notes: null,
    });
    expect(await screen.findByText('Expense added')).toBeInTheDocument();
  });

  it('uses the minor units of the chosen currency', async () => {
    serve();
    const { u, onOpenChange } = renderDialog();
    await screen.findByRole('dialog', { name: 'Add expense' });
    await u.type(screen.getByLabelText('Amount'), '1500');
    await u.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    await u.type(screen.getByLabelText('Merchant'), 'NOTION TOKYO');
    await u.click(screen.getByRole('button', { name: 'Add expense' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()[0].body).toMatchObject({ amountMinor: 1500, currency: 'JPY' });
  });

  it('edits a hand-matched expense and can hand it back to automatic matching', async () => {
    serve();
    const { u, onOpenChange } = renderDialog(expense({ matchMethod: 'manual', paymentMethodId: CARD_ID }));
    await screen.findByRole('dialog', { name: 'Edit expense' });
    expect(screen.getByLabelText('Amount')).toHaveValue('12.50');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Application' })).toHaveTextContent('Slack'),
    );
    await u.clear(screen.getByLabelText('Amount'));
    await u.type(screen.getByLabelText('Amount'), '15');
    await u.click(screen.getByRole('button', { name: 'Automatic' }));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()[0]).toMatchObject({ method: 'PATCH', path: '/api/expenses/e1' });
    expect(writes()[0].body).toMatchObject({
      amountMinor: 1500,
      subscriptionId: null,
      paymentMethodId: CARD_ID,
    });
  });

  it('shows the server’s field errors on their fields and stays open', async () => {
    serve({
      'POST /api/expenses': reply(400, {
        message: 'Invalid request',
        code: 'validation_error',
        fields: [{ field: 'merchant', message: 'This merchant is blocked' }],
      }),
    });
    const { u, onOpenChange } = renderDialog();
    await screen.findByRole('dialog', { name: 'Add expense' });
    await u.type(screen.getByLabelText('Amount'), '9');
    await u.type(screen.getByLabelText('Merchant'), 'ACME');
    await u.click(screen.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText('This merchant is blocked')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
