// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SsoConnection, SsoDomain } from '@common/contracts/sso';
import { dismissToast } from '@/components/ui/use-toast';
import { session } from '@/test/fixtures';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SecurityTab } from './security-tab';

afterEach(() => vi.unstubAllGlobals());

const CONNECTION: SsoConnection = {
  configured: false,
  protocol: 'oidc',
  enabled: false,
  enforced: false,
  oidcIssuer: null,
  oidcClientId: null,
  hasClientSecret: false,
  samlMetadataUrl: null,
  samlIdpEntityId: null,
  samlIdpSsoUrl: null,
  samlIdpCertificates: [],
  defaultRole: 'member',
  groupsClaim: null,
  roleMappings: [],
  serviceProvider: {
    oidcRedirectUri: 'https://app.stackwise.test/api/auth/sso/oidc/callback',
    samlAcsUrl: 'https://app.stackwise.test/api/auth/sso/saml/o1/acs',
    samlEntityId: 'https://app.stackwise.test/api/auth/sso/saml/o1/metadata',
    samlMetadataUrl: 'https://app.stackwise.test/api/auth/sso/saml/o1/metadata',
  },
};

const PENDING: SsoDomain = {
  id: '00000000-0000-4000-8000-000000000001',
  domain: 'acme.com',
  verified: false,
  verifiedAt: null,
  lastCheckedAt: null,
  txtRecord: { name: '_stackwise-verification.acme.com', value: 'stackwise-verification=tok' },
  createdAt: '2026-11-01T00:00:00.000Z',
};

let api: MockApi;
function renderTab(
  routes: Record<string, unknown> = {},
  role: 'owner' | 'member' = 'owner',
  plan: 'scale' | 'pro' = 'scale',
) {
  api = mockApi({
    ...session(role, plan),
    'GET /api/sso': CONNECTION,
    'PUT /api/sso': ({ body }: { body: Partial<SsoConnection> }) => ({
      ...CONNECTION,
      configured: true,
      enabled: body.enabled,
      oidcIssuer: body.oidcIssuer,
      oidcClientId: body.oidcClientId,
      hasClientSecret: true,
      groupsClaim: body.groupsClaim,
      roleMappings: body.roleMappings,
    }),
    'GET /api/sso/domains': [PENDING],
    ...routes,
  });
  act(() => dismissToast());
  renderWithProviders(<SecurityTab />, '/app/settings/security');
  return userEvent.setup();
}

describe('Settings → Security', () => {
  it('configures OIDC with a group mapping, confirms enabling, and shows the redirect URI to copy', async () => {
    const user = renderTab();
    expect(await screen.findByLabelText('Redirect URI')).toHaveTextContent(
      CONNECTION.serviceProvider.oidcRedirectUri,
    );
    await user.type(screen.getByLabelText('Issuer URL'), 'https://acme.okta.com');
    await user.type(screen.getByLabelText('Client ID'), 'client-1');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.type(screen.getByLabelText('Groups claim'), 'groups');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.type(screen.getByLabelText('Group 1'), 'Finance');
    await user.selectOptions(screen.getByLabelText('Role of group 1'), 'admin');
    await user.click(screen.getByRole('switch', { name: 'Enable single sign-on' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/can sign in with your identity provider/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Single sign-on saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      protocol: 'oidc',
      enabled: true,
      enforced: false,
      oidcIssuer: 'https://acme.okta.com',
      oidcClientId: 'client-1',
      oidcClientSecret: 's3cret',
      groupsClaim: 'groups',
      roleMappings: [{ group: 'Finance', role: 'admin' }],
    });
  });

  it('shows the SAML values to copy when SAML is chosen', async () => {
    const user = renderTab();
    await user.click(await screen.findByLabelText('SAML 2.0'));
    expect(screen.getByLabelText('ACS URL')).toHaveTextContent(CONNECTION.serviceProvider.samlAcsUrl);
    expect(screen.getByLabelText('IdP sign-in URL')).toBeInTheDocument();
  });

  it('shows the TXT record of a pending domain and the verification result', async () => {
    const user = renderTab({
      'POST /api/sso/domains/00000000-0000-4000-8000-000000000001/verify': {
        domain: PENDING,
        verified: false,
        message: 'No TXT record found at _stackwise-verification.acme.com yet.',
      },
      'POST /api/sso/domains': reply(400, {
        code: 'bad_request',
        message: 'gmail.com is a public e-mail provider',
        fields: [{ field: 'domain', message: 'Public e-mail domains cannot be used for single sign-on' }],
      }),
    });
    const row = await screen.findByRole('listitem', { name: 'acme.com' });
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByLabelText('TXT name')).toHaveTextContent('_stackwise-verification.acme.com');
    expect(within(row).getByLabelText('TXT value')).toHaveTextContent('stackwise-verification=tok');
    await user.click(within(row).getByRole('button', { name: 'Verify' }));
    expect(await within(row).findByRole('status')).toHaveTextContent('No TXT record found');
    await user.type(screen.getByLabelText('Domain'), 'gmail.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(
      await screen.findByText('Public e-mail domains cannot be used for single sign-on'),
    ).toBeInTheDocument();
  });

  it('offers the upgrade on Growth and tells members who manages it', async () => {
    renderTab({}, 'owner', 'pro');
    expect(await screen.findByTestId('upgrade-prompt')).toHaveTextContent(/Scale/);
    vi.unstubAllGlobals();
    renderTab({}, 'member');
    expect(await screen.findByText('Only owners and admins can manage single sign-on.')).toBeInTheDocument();
  });
});
