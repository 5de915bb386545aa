// @vitest-environment jsdom
import '@/test/dom';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AttestDonePage } from './attest-done-page';

const show = (search: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/attest/done', element: <AttestDonePage /> }], {
        initialEntries: [`/attest/done${search}`],
      })}
    />,
  );

describe('/attest/done', () => {
  it.each([
    ['?result=kept', 'Thanks — you keep your seat'],
    ['?result=released', 'Thanks — your seat is released'],
    ['?result=expired', 'This link has expired'],
    ['?result=used', 'This link was already used'],
    ['?result=nonsense', 'This link is not valid'],
    ['', 'This link is not valid'],
  ])('%s → %s', (search, title) => {
    show(search);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });
});
