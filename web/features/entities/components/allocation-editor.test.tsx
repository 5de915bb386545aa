// @vitest-environment jsdom
import '@/test/dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanId } from '@common/plans';
import type { Role } from '@common/roles';
import { session } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import {
  APP_ID,
  brand,
  DEFAULT_ENTITY,
  defaultAllocation,
  entity,
  gmbh,
  GMBH,
  kids,
  KIDS,
  outdoor,
  OUTDOOR,
} from '../test/fixtures';
import { AllocationEditor } from './allocation-editor';

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

function serve(plan: PlanId, role: Role = 'owner', extra: Record<string, unknown> = {}) {
  api = mockApi({
    ...session(role, plan),
    [`GET /api/allocations/subscription/${APP_ID}`]: defaultAllocation(),
    'GET /api/entities': { items: [entity(), gmbh()] },
    'GET /api/brands': { items: [brand(), outdoor(), kids()] },
    [`PUT /api/allocations/subscription/${APP_ID}`]: defaultAllocation({ explicit: true }),
    ...extra,
  });
}

async function openEditor() {
  const u = userEvent.setup();
  renderWithProviders(<AllocationEditor kind="subscription" id={APP_ID} />);
  await u.click(await screen.findByRole('button', { name: 'Change allocation' }));
  await screen.findByRole('option', { name: 'Outdoor' });
  return u;
}

const save = () => screen.getByRole('button', { name: 'Save allocation' });
const percent = (row: number) => screen.getByLabelText(`Percent, row ${row}`);

describe('allocation editor', () => {
  it('shows 100 % the default brand when nothing was saved', async () => {
    serve('scale');
    renderWithProviders(<AllocationEditor kind="subscription" id={APP_ID} />);
    const current = await screen.findByRole('list', { name: 'Current allocation' });
    expect(current).toHaveTextContent('100 %Northwind· Northwind Labs');
  });

  it('keeps a running total and saves only at exactly 100 %', async () => {
    serve('scale');
    const u = await openEditor();
    await u.selectOptions(screen.getByLabelText('Brand, row 1'), OUTDOOR);
    await u.clear(percent(1));
    await u.type(percent(1), '60');
    expect(screen.getByText('Total 60 %')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Shares must add up to 100 % (they add up to 60 %)');
    expect(save()).toBeDisabled();

    // A new share starts with what is left.
    await u.click(screen.getByRole('button', { name: 'Add share' }));
    expect(percent(2)).toHaveValue('40');
    expect(screen.getByText('Total 100 %')).toBeInTheDocument();
    expect(save()).toBeDisabled(); // its brand is not chosen yet
    await u.selectOptions(screen.getByLabelText('Entity, row 2'), GMBH);
    await u.selectOptions(screen.getByLabelText('Brand, row 2'), KIDS);
    expect(save()).toBeEnabled();

    await u.click(save());
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      method: 'fixed',
      shares: [
        { entityId: DEFAULT_ENTITY, brandId: OUTDOOR, percent: 60 },
        { entityId: GMBH, brandId: KIDS, percent: 40 },
      ],
    });
  });

  it('splits evenly three ways as 33.34 / 33.33 / 33.33', async () => {
    serve('scale');
    const u = await openEditor();
    await u.click(screen.getByRole('button', { name: 'Add share' }));
    await u.click(screen.getByRole('button', { name: 'Add share' }));
    await u.selectOptions(screen.getByLabelText('Brand, row 2'), OUTDOOR);
    await u.selectOptions(screen.getByLabelText('Brand, row 3'), KIDS);
    await u.click(screen.getByRole('button', { name: 'Split evenly' }));
    expect([percent(1), percent(2), percent(3)].map((i) => (i as HTMLInputElement).value)).toEqual([
      '33.34',
      '33.33',
      '33.33',
    ]);
    expect(screen.getByText('Total 100 %')).toBeInTheDocument();
    await u.click(save());
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = api.calls.find((c) => c.method === 'PUT')?.body as { shares: Array<{ percent: number }> };
    expect(body.shares.map((s) => s.percent)).toEqual([33.34, 33.33, 33.33]);
  });

  it('saves a rule without shares', async () => {
    serve('scale');
    const u = await openEditor();
    await u.selectOptions(screen.getByLabelText('Method'), 'license_holders');
    expect(screen.queryByLabelText('Percent, row 1')).not.toBeInTheDocument();
    await u.click(save());
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        method: 'license_holders',
        shares: [],
      }),
    );
  });

  it('shows a refusal from the server and keeps the editor open', async () => {
    serve('scale', 'owner', {
      [`PUT /api/allocations/subscription/${APP_ID}`]: reply(400, {
        message: 'Unknown brand',
        code: 'validation_error',
      }),
    });
    const u = await openEditor();
    await u.click(save());
    expect(await screen.findByText('Unknown brand')).toBeInTheDocument();
    expect(save()).toBeInTheDocument();
  });

  it('below Scale shows the default read-only with the upgrade prompt', async () => {
    serve('pro');
    renderWithProviders(<AllocationEditor kind="subscription" id={APP_ID} />);
    expect(await screen.findByRole('list', { name: 'Current allocation' })).toHaveTextContent(
      '100 %Northwind',
    );
    expect(screen.getByRole('button', { name: 'Upgrade to Scale' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change allocation' })).not.toBeInTheDocument();
  });

  it('below Scale a refused read still shows the default', async () => {
    serve('starter', 'owner', {
      [`GET /api/allocations/subscription/${APP_ID}`]: reply(403, {
        message: 'Scale',
        code: 'plan_required',
      }),
    });
    renderWithProviders(<AllocationEditor kind="subscription" id={APP_ID} />);
    expect(await screen.findByText('100 % to the default entity and brand.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Scale' })).toBeInTheDocument();
  });

  it('viewers see the allocation without the editor', async () => {
    serve('scale', 'viewer');
    renderWithProviders(<AllocationEditor kind="subscription" id={APP_ID} />);
    await screen.findByRole('list', { name: 'Current allocation' });
    expect(screen.queryByRole('button', { name: 'Change allocation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Scale' })).not.toBeInTheDocument();
  });
});
