// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { DEFAULT_ENTITY, entity, gmbh, GMBH, outdoor, OUTDOOR } from '../test/fixtures';
import { BrandDialog } from './brand-dialog';
import { EntityDialog } from './entity-dialog';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(extra: Record<string, unknown> = {}) {
  api = mockApi({ ...session('owner', 'scale'), ...extra });
}
const writes = () => api.calls.filter((c) => c.method !== 'GET');

describe('entity dialog', () => {
  async function open() {
    const onOpenChange = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(
      <EntityDialog entity={null} entities={[entity()]} currency="EUR" open onOpenChange={onOpenChange} />,
    );
    await screen.findByRole('dialog', { name: 'New entity' });
    return { u, onOpenChange };
  }

  it('refuses a missing name and a country that is no ISO code, sending nothing', async () => {
    serve();
    const { u } = await open();
    await u.type(screen.getByLabelText('Country'), 'G1');
    await u.click(screen.getByRole('button', { name: 'Create entity' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Use a two-letter ISO country code, e.g. DE')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('creates an entity under its parent in the organization currency by default', async () => {
    serve({ 'POST /api/entities': reply(201, gmbh()) });
    const { u, onOpenChange } = await open();
    expect(screen.getByLabelText('Functional currency')).toHaveValue('EUR');
    await u.type(screen.getByLabelText('Name'), 'Northwind GmbH');
    await u.type(screen.getByLabelText('Country'), 'de');
    await u.selectOptions(screen.getByLabelText('Parent entity'), DEFAULT_ENTITY);
    await u.click(screen.getByRole('button', { name: 'Create entity' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes()[0]!.body).toEqual({
      name: 'Northwind GmbH',
      legalName: null,
      country: 'DE',
      functionalCurrency: 'EUR',
      taxId: null,
      costCentre: null,
      parentId: DEFAULT_ENTITY,
    });
  });

  it('shows why the server refused (the plan limit) and stays open', async () => {
    serve({ 'POST /api/entities': reply(403, { message: 'Your plan allows 1 entity', code: 'plan_limit' }) });
    const { u, onOpenChange } = await open();
    await u.type(screen.getByLabelText('Name'), 'Second');
    await u.click(screen.getByRole('button', { name: 'Create entity' }));
    expect(await screen.findByText('Your plan allows 1 entity')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

describe('brand dialog', () => {
  it('refuses a colour that is no hex code, sending nothing', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(
      <BrandDialog brand={null} entities={[entity(), gmbh()]} open onOpenChange={vi.fn()} />,
    );
    await screen.findByRole('dialog', { name: 'New brand' });
    await u.type(screen.getByLabelText('Name'), 'Outdoor');
    await u.clear(screen.getByLabelText('Colour'));
    await u.type(screen.getByLabelText('Colour'), 'green');
    await u.click(screen.getByRole('button', { name: 'Create brand' }));
    expect(await screen.findByText('Use a colour like #4F46E5')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('creates a brand with a preset colour and its entity, then uploads the previewed logo', async () => {
    serve({
      'POST /api/brands': reply(201, outdoor()),
      [`PUT /api/brands/${OUTDOOR}/logo`]: outdoor({ logoUrl: `/api/brands/${OUTDOOR}/logo` }),
    });
    URL.createObjectURL = () => 'blob:preview'; // jsdom has none
    const onOpenChange = vi.fn();
    const u = userEvent.setup();
    renderWithProviders(
      <BrandDialog brand={null} entities={[entity(), gmbh()]} open onOpenChange={onOpenChange} />,
    );
    await screen.findByRole('dialog', { name: 'New brand' });
    await u.type(screen.getByLabelText('Name'), 'Outdoor');
    await u.click(screen.getByRole('button', { name: 'Colour #10B981' }));
    await u.selectOptions(screen.getByLabelText('Entity'), GMBH);
    await u.upload(
      screen.getByLabelText('Logo'),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect(screen.getByRole('img', { name: 'Outdoor logo' })).toHaveAttribute('src', 'blob:preview');
    await u.click(screen.getByRole('button', { name: 'Create brand' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/brands',
      `PUT /api/brands/${OUTDOOR}/logo`,
    ]);
    expect(writes()[0]!.body).toEqual({
      name: 'Outdoor',
      color: '#10B981',
      entityId: GMBH,
      description: null,
    });
  });
});
