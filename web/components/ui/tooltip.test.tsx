// @vitest-environment jsdom
import '@/test/dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipContent, TooltipTrigger, TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY } from './tooltip';

afterEach(() => vi.useRealTimers());

describe('tooltip timing (spec §9)', () => {
  it('uses 700 ms to open and a 300 ms skip delay', () => {
    expect([TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY]).toEqual([700, 300]);
  });

  it('opens after the 700 ms default delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <Tooltip>
        <TooltipTrigger>Target</TooltipTrigger>
        <TooltipContent>Explanation</TooltipContent>
      </Tooltip>,
    );
    await user.hover(screen.getByText('Target'));
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Explanation');
  });

  it('opens the next tooltip at once within the 300 ms skip delay, and after 700 ms past it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <>
        {['First', 'Second', 'Third'].map((name) => (
          <Tooltip key={name}>
            <TooltipTrigger>{name}</TooltipTrigger>
            <TooltipContent>{`${name} tip`}</TooltipContent>
          </Tooltip>
        ))}
      </>,
    );
    await user.hover(screen.getByText('First'));
    act(() => vi.advanceTimersByTime(750));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('First tip');

    await user.hover(screen.getByText('Second'));
    act(() => vi.advanceTimersByTime(50));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Second tip');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    await user.hover(screen.getByText('Third'));
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(700));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Third tip');
  });
});
