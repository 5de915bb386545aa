// @vitest-environment jsdom
import '@/test/dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
  TOOLTIP_DELAY,
  TOOLTIP_SKIP_DELAY,
} from './tooltip';

afterEach(() => vi.useRealTimers());

describe('tooltip timing (spec §9)', () => {
  it('uses 700 ms to open and a 300 ms skip delay', () => {
    expect([TOOLTIP_DELAY, TOOLTIP_SKIP_DELAY]).toEqual([700, 300]);
  });

  it('opens after the 700 ms default delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger>Target</TooltipTrigger>
          <TooltipContent>Explanation</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    await user.hover(screen.getByText('Target'));
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Explanation');
  });
});
