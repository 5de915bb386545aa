// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScimTokenStatus } from '@common/contracts/scim';
import type { PlanId } from '@common/plans';
import type { Role } from '@common/roles';
import { dismissToast } from '@/components/ui/use-toast';
import { session } from '@/test/fixtures';
import { mockApi, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { ScimCard } from './scim-card';

afterEach(() => vi.unstubAllGlobals());

const BASE = 'https://app.stackwise.test/scim/v2';
const NONE: ScimTokenStatus = {
  exists: false,
  prefix: null,
  createdAt: null,
  lastUsedAt: null,
  baseUrl: BASE,
};
const EXISTING: ScimTokenStatus = {
  exists: true,
  prefix: 'sw_scim_AbCd',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: null,
  baseUrl: BASE,
};
const NEW_TOKEN = 'sw_scim_NeWsEcReT0123456789abcdefghijklmnopqrstuv';

let api: MockApi;
function serve(status: ScimTokenStatus, role: Role = 'owner', plan: PlanId = 'scale') {
  api = mockApi({
    ...session(role, plan),
    'GET /api/scim/token': status,
    'POST /api/scim/token': { ...EXISTING, prefix: 'sw_scim_NeWs', token: NEW_TOKEN },
    'DELETE /api/scim/token': () => undefined,
  });
}

function renderCard() {
  const user = userEvent.setup();
  act(() => dismissToast());
  renderWithProviders(<ScimCard />, '/app/settings/security');
  return { user };
}

describe('Settings → Security → SCIM provisioning', () => {
  it('generates the first token and shows it once, with the base URL to copy and setup steps', async () => {
    serve(NONE);
    const { user } = renderCard();
    expect(await screen.findByLabelText('SCIM base URL')).toHaveTextContent(BASE);
    expect(screen.getByTestId('scim-token-status')).toHaveTextContent('No token yet');
    expect(screen.getByText('Okta')).toBeInTheDocument();
    expect(screen.getByText('Microsoft Entra ID')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    expect(await screen.findByLabelText('SCIM token')).toHaveTextContent(NEW_TOKEN);
    expect(screen.getByTestId('new-scim-token')).toHaveTextContent('it is not shown again');
    expect(screen.getByTestId('scim-token-status')).toHaveTextContent('sw_scim_NeWs…');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(screen.getByTestId('new-scim-token')).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(NEW_TOKEN);
  });

  it('rotates after warning that the old token stops working', async () => {
    serve(EXISTING);
    const { user } = renderCard();
    expect(await screen.findByTestId('scim-token-status')).toHaveTextContent('sw_scim_AbCd…');
    expect(screen.getByTestId('scim-token-status')).toHaveTextContent('never used');
    await user.click(screen.getByRole('button', { name: 'Rotate token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the SCIM token?' });
    expect(dialog).toHaveTextContent('The old token stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate token' }));
    expect(await screen.findByLabelText('SCIM token')).toHaveTextContent(NEW_TOKEN);
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/api/scim/token')).toHaveLength(1);
  });

  it('revokes after confirmation', async () => {
    serve(EXISTING);
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the SCIM token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/scim/token')).toBe(true),
    );
    expect(await screen.findByText('SCIM token revoked')).toBeInTheDocument();
  });

  it('below Scale: the upgrade prompt, no token request', async () => {
    serve(NONE, 'owner', 'pro');
    renderCard();
    expect(await screen.findByTestId('upgrade-prompt')).toHaveTextContent(
      'SCIM provisioning is part of the Scale plan',
    );
    expect(api.calls.some((c) => c.path === '/api/scim/token')).toBe(false);
  });

  it('members see that owners and admins set it up', async () => {
    serve(EXISTING, 'member');
    renderCard();
    expect(
      await screen.findByText('Only owners and admins can set up SCIM provisioning.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate token' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/scim/token')).toBe(false);
  });
});
