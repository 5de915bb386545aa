// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanId } from '@common/plans';
import type { Role } from '@common/roles';
import { session } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { brand, DEFAULT_ENTITY, entity, gmbh, GMBH, outdoor, OUTDOOR } from '../test/fixtures';
import { EntitiesPage } from './entities-page';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(plan: PlanId, role: Role = 'owner', extra: Record<string, unknown> = {}) {
  api = mockApi({
    ...session(role, plan),
    'GET /api/entities': { items: [gmbh(), entity()] },
    'GET /api/brands': { items: [brand(), outdoor()] },
    'GET /api/people/departments': [
      { name: 'Engineering', count: 4, teams: [] },
      { name: 'Sales', count: 2, teams: [] },
    ],
    'GET /api/department-allocations': { items: [{ department: 'Sales', entityId: GMBH, brandId: OUTDOOR }] },
    ...extra,
  });
}

const writes = () => api.calls.filter((c) => c.method !== 'GET');

describe('/app/entities', () => {
  it('lists entities as a tree, children under their parent', async () => {
    serve('scale');
    renderWithProviders(<EntitiesPage />);
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Northwind LabsDefault');
    expect(rows[2]).toHaveTextContent('Northwind GmbHNorthwind Labs GmbHDEEURDE123456789CC-20013');
    expect(screen.getByRole('button', { name: 'New entity' })).toBeInTheDocument();
    // The default entity is where everything falls back: it is never archived or deleted.
    expect(screen.queryByRole('button', { name: 'Delete Northwind Labs' })).not.toBeInTheDocument();
  });

  it('an entity in use is deleted only by moving everything to another one', async () => {
    let deletes = 0;
    serve('scale', 'owner', {
      [`DELETE /api/entities/${GMBH}`]: ({ url }: { url: URL }) => {
        deletes += 1;
        return url.searchParams.get('reassignTo') === DEFAULT_ENTITY
          ? undefined
          : reply(409, {
              message: 'In use',
              code: 'in_use',
              details: {
                uses: [
                  { kind: 'subscription', count: 3 },
                  { kind: 'person', count: 1 },
                ],
              },
            });
      },
    });
    const u = userEvent.setup();
    renderWithProviders(<EntitiesPage />);
    await u.click(await screen.findByRole('button', { name: 'Delete Northwind GmbH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this entity?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const inUse = await screen.findByRole('dialog', { name: 'Northwind GmbH is in use' });
    expect(within(inUse).getByRole('list', { name: 'Still used by' })).toHaveTextContent(
      '3 applications1 person',
    );
    const move = within(inUse).getByRole('button', { name: 'Move and delete' });
    expect(move).toBeDisabled();
    await u.selectOptions(within(inUse).getByLabelText('Move everything to…'), DEFAULT_ENTITY);
    await u.click(move);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toBe(2);
    expect(writes().map((c) => c.path)).toEqual([
      `/api/entities/${GMBH}`,
      `/api/entities/${GMBH}?reassignTo=${DEFAULT_ENTITY}`,
    ]);
  });

  it('maps departments to an entity and brand, both or neither', async () => {
    serve('scale', 'owner', { 'PUT /api/department-allocations': { items: [] } });
    const u = userEvent.setup();
    renderWithProviders(<EntitiesPage />);
    const entityOfEngineering = await screen.findByLabelText('Entity of Engineering');
    await waitFor(() => expect(screen.getByLabelText('Entity of Sales')).toHaveValue(GMBH));
    await u.selectOptions(entityOfEngineering, GMBH);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose both an entity and a brand for Engineering');
    expect(screen.getByRole('button', { name: 'Save departments' })).toBeDisabled();
    await u.selectOptions(screen.getByLabelText('Brand of Engineering'), OUTDOOR);
    await u.click(screen.getByRole('button', { name: 'Save departments' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      items: [
        { department: 'Engineering', entityId: GMBH, brandId: OUTDOOR },
        { department: 'Sales', entityId: GMBH, brandId: OUTDOOR },
      ],
    });
  });

  it('below Scale shows the upgrade prompt instead of a list of only the default', async () => {
    serve('pro', 'owner', { 'GET /api/entities': { items: [entity()] } });
    renderWithProviders(<EntitiesPage />);
    expect(await screen.findByTestId('upgrade-prompt')).toHaveTextContent('part of the Scale plan');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('after a downgrade keeps the entities readable under the prompt, without changes', async () => {
    serve('pro');
    renderWithProviders(<EntitiesPage />);
    expect(await screen.findByTestId('upgrade-prompt')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Entities' })).toBeInTheDocument();
    expect(await screen.findByText('Northwind GmbH')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New entity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Northwind GmbH' })).not.toBeInTheDocument();
    expect(await screen.findByLabelText('Entity of Engineering')).toBeDisabled();
  });

  it('viewers on Scale read without changing', async () => {
    serve('scale', 'viewer');
    renderWithProviders(<EntitiesPage />);
    expect(await screen.findByText('Northwind GmbH')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New entity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Northwind GmbH' })).not.toBeInTheDocument();
  });
});
