// @vitest-environment jsdom
import '@/test/dom';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toast';
import { toast, TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_SWIPE_THRESHOLD } from './use-toast';

describe('toasts (spec §2/§9)', () => {
  it('uses the specified constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });

  it('shows one toast at a time, the newest replacing the previous', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'First' }));
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => void toast({ variant: 'destructive', title: 'Second', description: 'Details' }));
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('Details')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
  });

  it('has a region limited to 420 px that F8 focuses', () => {
    render(<Toaster />);
    const region = screen.getByRole('region');
    expect(region).toHaveAttribute('aria-label', expect.stringContaining('F8'));
    expect(region.querySelector('ol')).toHaveClass('md:max-w-[420px]');
  });
});
