// @vitest-environment jsdom
import '@/test/dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RenewalBadge } from '@/components/renewal-badge';

describe('RenewalBadge', () => {
  it('counts down to a renewal, urgent within a week', () => {
    render(<RenewalBadge days={3} status="active" />);
    expect(screen.getByText('in 3 days')).toBeInTheDocument();
  });

  it('shows when a cancelled application’s access ends, not a renewal countdown', () => {
    const { rerender } = render(<RenewalBadge days={3} status="cancelled" />);
    expect(screen.getByText('ends in 3 days')).toBeInTheDocument();
    rerender(<RenewalBadge days={-5} status="cancelled" />);
    expect(screen.getByText('ended 5 days ago')).toBeInTheDocument();
    rerender(<RenewalBadge days={10} status="paused" />);
    expect(screen.getByText('paused')).toBeInTheDocument();
  });

  it('shows nothing without a renewal date', () => {
    const { container } = render(<RenewalBadge days={null} status="active" />);
    expect(container).toBeEmptyDOMElement();
  });
});
