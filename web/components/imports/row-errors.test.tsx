// @vitest-environment jsdom
import '@/test/dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowErrors, rowErrorText } from './row-errors';

describe('row errors', () => {
  it('reads "Line 4 · Amount: …", with the importer\'s label or the field in words', () => {
    expect(rowErrorText({ line: 4, field: 'amount', message: 'not a number' })).toBe(
      'Line 4 · Amount: not a number',
    );
    expect(rowErrorText({ line: 2, field: 'lastSeen', message: 'x' })).toBe('Line 2 · Last seen: x');
    expect(rowErrorText({ line: 2, field: 'email', message: 'x' }, { email: 'E-mail' })).toBe(
      'Line 2 · E-mail: x',
    );
    expect(rowErrorText({ line: 1, field: null, message: 'No columns' })).toBe('Line 1: No columns');
  });

  it('lists every error under its name, and shows nothing without errors', () => {
    const { container, rerender } = render(<RowErrors errors={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <RowErrors
        label="Rows with problems"
        errors={[
          { line: 3, field: 'name', message: 'Name is required' },
          { line: 3, field: 'amount', message: 'Too large' },
        ]}
      />,
    );
    const items = screen.getByRole('list', { name: 'Rows with problems' }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'Line 3 · Name: Name is required',
      'Line 3 · Amount: Too large',
    ]);
  });
});
