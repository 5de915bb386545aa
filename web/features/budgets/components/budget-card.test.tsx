// @vitest-environment jsdom
import '@/test/dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Budget } from '@common/contracts/budgets';
import { renderWithProviders } from '@/test/render';
import { budget } from '../test/fixtures';
import { BudgetCard } from './budget-card';

function renderCard(value: Budget, canWrite = true) {
  const handlers = { onSelect: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithProviders(<BudgetCard budget={value} selected={false} canWrite={canWrite} {...handlers} />);
  return { ...handlers, u: userEvent.setup(), card: within(screen.getByTestId('budget-card')) };
}
/** The figure under a label of the card's summary (Spent, Forecast, Left / Over by). */
const figure = (card: ReturnType<typeof within>, label: string) => card.getByText(label).nextElementSibling;

describe('budget card', () => {
  it('shows spend, forecast and what is left in the budget’s currency, with a bar and its alert ticks', () => {
    const { card } = renderCard(budget());
    expect(card.getByText('Engineering tools')).toBeInTheDocument();
    expect(card.getByText('Quarterly · Category: Engineering')).toBeInTheDocument();
    expect(card.getByText('At risk')).toBeInTheDocument();
    expect(card.getByText('$6,000.00')).toBeInTheDocument();
    expect(card.getByText('of $10,000.00')).toBeInTheDocument();
    expect(figure(card, 'Spent')).toHaveTextContent('60%');
    expect(figure(card, 'Forecast')).toHaveTextContent('$9,000.00 (90%)');
    expect(figure(card, 'Forecast')).not.toHaveClass('text-destructive');
    expect(figure(card, 'Left')).toHaveTextContent('$4,000.00');
    expect(
      card.getByText('Jan 1, 2026 – Mar 31, 2026 · $3,000.00 still to renew · alerts at 80% and 100%'),
    ).toBeInTheDocument();

    const bar = card.getByRole('progressbar', { name: 'Engineering tools spend' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(bar).toHaveAttribute('aria-valuetext', '60% spent, 90% forecast');
    expect(within(bar).getByTestId('forecast-bar')).toHaveStyle({ width: '90%' });
    expect(within(bar).getByTitle('80% alert')).toHaveStyle({ left: '80%' });
    expect(within(bar).queryByTitle('100% alert')).not.toBeInTheDocument();
  });

  it('marks an over-budget card: badge, full bar, red forecast and how much over', () => {
    const { card } = renderCard(
      budget(
        {
          name: 'Company SaaS',
          currency: 'EUR',
          amountMinor: 1_000_000,
          scope: 'organization',
          scopeId: null,
          scopeLabel: null,
          period: 'annual',
          thresholds: [50, 90, 120],
        },
        {
          actualMinor: 1_250_000,
          forecastMinor: 1_400_000,
          committedMinor: 150_000,
          remainingMinor: -250_000,
          actualPercent: 125,
          forecastPercent: 140,
          state: 'over',
        },
      ),
    );
    expect(card.getByText('Annual · Whole organization')).toBeInTheDocument();
    expect(card.getByText('Over budget')).toBeInTheDocument();
    expect(card.getByText('€12,500.00')).toBeInTheDocument();
    expect(card.getByText('of €10,000.00')).toBeInTheDocument();
    expect(figure(card, 'Over by')).toHaveTextContent('€2,500.00');
    expect(card.queryByText('Left')).not.toBeInTheDocument();
    expect(figure(card, 'Forecast')).toHaveTextContent('€14,000.00 (140%)');
    expect(figure(card, 'Forecast')).toHaveClass('text-destructive');
    expect(card.getByText(/alerts at 50% and 90% and 120%/)).toBeInTheDocument();

    const bar = card.getByRole('progressbar', { name: 'Company SaaS spend' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '125% spent, 140% forecast');
    expect(within(bar).getByTestId('forecast-bar')).toHaveStyle({ width: '100%' });
    expect(within(bar).getByTitle('50% alert')).toBeInTheDocument();
    expect(within(bar).getByTitle('90% alert')).toBeInTheDocument();
  });

  it('selects on click; its menu edits or deletes without selecting', async () => {
    const { u, card, onSelect, onEdit, onDelete } = renderCard(budget());
    await u.click(card.getByText('Engineering tools'));
    expect(onSelect).toHaveBeenCalledTimes(1);
    await u.click(card.getByRole('button', { name: 'Actions for Engineering tools' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await u.click(card.getByRole('button', { name: 'Actions for Engineering tools' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('has no actions for viewers', () => {
    const { card } = renderCard(budget(), false);
    expect(card.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });
});
