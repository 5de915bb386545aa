// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanId } from '@common/plans';
import { session } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { brand, entity, gmbh, outdoor, OUTDOOR } from '../test/fixtures';
import { BrandsPage } from './brands-page';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(
  plan: PlanId,
  brands = [brand(), outdoor({ logoUrl: `/api/brands/${OUTDOOR}/logo`, peopleCount: 4, allocationCount: 7 })],
) {
  api = mockApi({
    ...session('owner', plan),
    'GET /api/entities': { items: [entity(), gmbh()] },
    'GET /api/brands': { items: brands },
    [`PATCH /api/brands/${OUTDOOR}`]: outdoor({ archived: true }),
  });
}

describe('/app/brands', () => {
  it('shows each brand with its logo or initial, colour, entity, people and uses, linking to its page', async () => {
    serve('scale');
    renderWithProviders(<BrandsPage />);
    const cards = within(await screen.findByRole('list', { name: 'Brands' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('N');
    expect(cards[0]).toHaveTextContent('#4F46E5Default');
    expect(screen.getByRole('img', { name: 'Outdoor logo' })).toHaveAttribute(
      'src',
      `/api/brands/${OUTDOOR}/logo`,
    );
    expect(await within(cards[1]!).findByText('Northwind GmbH')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('People4Uses7');
    expect(screen.getByRole('link', { name: 'Outdoor' })).toHaveAttribute('href', `/app/brands/${OUTDOOR}`);
    expect(screen.getByRole('button', { name: 'Delete Outdoor' })).toBeInTheDocument();
  });

  it('archives a brand in place', async () => {
    serve('scale');
    const u = userEvent.setup();
    renderWithProviders(<BrandsPage />);
    await u.click(await screen.findByRole('button', { name: 'Archive Outdoor' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ archived: true }),
    );
    expect(await screen.findByText('Outdoor archived')).toBeInTheDocument();
  });

  it('below Scale with only the default brand shows just the upgrade prompt', async () => {
    serve('starter', [brand()]);
    renderWithProviders(<BrandsPage />);
    expect(await screen.findByTestId('upgrade-prompt')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Brands' })).not.toBeInTheDocument();
  });
});
