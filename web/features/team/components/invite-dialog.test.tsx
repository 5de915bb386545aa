// @vitest-environment jsdom
import '@/test/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/components/ui/use-toast';
import { mockApi, reply, type MockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { WithUpgradeDialogs } from '@/test/upgrade-dialogs';
import { InviteDialog } from './invite-dialog';

function Harness({ chooseRole }: { chooseRole?: boolean }) {
  const [open, setOpen] = useState(true);
  // Inside the app, the shell's UpgradeProvider opens the upgrade dialog on plan_limit.
  return (
    <WithUpgradeDialogs>
      <InviteDialog open={open} onOpenChange={setOpen} chooseRole={chooseRole} />
    </WithUpgradeDialogs>
  );
}

const invitation = {
  id: 'i1',
  email: 'grace@example.com',
  firstName: '',
  lastName: '',
  role: 'member',
  status: 'pending',
  invitedBy: null,
  expiresAt: '2026-01-08T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailConfigured: true,
  inviteUrl: null,
};

let api: MockApi;
afterEach(() => vi.unstubAllGlobals());

async function setup(answer: unknown, chooseRole?: boolean) {
  api = mockApi({ 'POST /api/organization/invitations': answer });
  const user = userEvent.setup();
  renderWithProviders(<Harness chooseRole={chooseRole} />);
  const dialog = await screen.findByRole('dialog');
  const send = () => user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  return { user, dialog, send };
}

const posts = () => api.calls.filter((c) => c.method === 'POST');

describe('invite dialog validation (spec §5)', () => {
  it('asks for an email when it is blank after trimming', async () => {
    const { user, dialog, send } = await setup(invitation);
    await send();
    expect(await within(dialog).findByText('Please enter an email address')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), '    ');
    await send();
    expect(await within(dialog).findByText('Please enter an email address')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('asks for a valid email: an @ and a domain, no spaces', async () => {
    const { user, dialog, send } = await setup(invitation);
    const email = within(dialog).getByLabelText('Email');
    for (const bad of ['not an email', 'grace@', 'grace hopper@example.com', 'grace@example']) {
      await user.clear(email);
      await user.type(email, bad);
      await send();
      expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    }
    expect(posts()).toEqual([]);
  });

  it('sends role member with optional names, then shows the success toast and closes', async () => {
    const { user, dialog, send } = await setup(invitation);
    await user.type(within(dialog).getByLabelText('Email'), '  grace@example.com ');
    await user.type(within(dialog).getByLabelText('First name (optional)'), 'Grace');
    expect(within(dialog).queryByLabelText('Role')).not.toBeInTheDocument();
    await send();
    expect(await screen.findByText('Invitation Sent!')).toBeInTheDocument();
    expect(screen.getByText('An invitation email has been sent to the new member.')).toBeInTheDocument();
    expect(posts()[0].body).toEqual({
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: '',
      role: 'member',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets the team page choose the role', async () => {
    const { user, dialog, send } = await setup(invitation, true);
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'viewer');
    expect(within(dialog).getByText('Read-only access to everything.')).toBeInTheDocument();
    await send();
    await screen.findByText('Invitation Sent!');
    expect(posts()[0].body).toMatchObject({ role: 'viewer' });
  });
});

describe('invite dialog without e-mail configured on the server', () => {
  const link = 'http://localhost:3000/invite/accept?token=tok_abcdefghijklmnop';

  it('says no e-mail went out and offers the link to copy, instead of the "sent" toast', async () => {
    const { user, dialog, send } = await setup({ ...invitation, emailConfigured: false, inviteUrl: link });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    act(() => dismissToast()); // the previous test's toast
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await send();
    const result = await screen.findByRole('dialog', { name: 'E-mail is not configured' });
    expect(result).toHaveTextContent('no e-mail was sent');
    expect(within(result).getByLabelText('Invitation link')).toHaveValue(link);
    expect(screen.queryByText('Invitation Sent!')).not.toBeInTheDocument();
    expect(
      screen.queryByText('An invitation email has been sent to the new member.'),
    ).not.toBeInTheDocument();

    await user.click(within(result).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Invitation link copied')).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('invite dialog failures (spec §8)', () => {
  it("shows 'Error' with the server's message and keeps the dialog open", async () => {
    const message =
      'grace@example.com has already been invited. You can resend the invitation from the Team page.';
    const { user, dialog, send } = await setup(reply(409, { message, code: 'conflict' }));
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await send();
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("falls back to 'Failed to send invitation' without a server message", async () => {
    const { user, dialog, send } = await setup(reply(502, '<html>Bad gateway</html>'));
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await send();
    expect(await screen.findByText('Failed to send invitation')).toBeInTheDocument();
  });

  it('opens the upgrade dialog when the plan has no seat left', async () => {
    const message =
      'The Starter plan allows up to 1 team member, counting pending invitations. Upgrade to Growth to add more team members.';
    const { user, dialog, send } = await setup(
      reply(403, {
        message,
        code: 'plan_limit',
        kind: 'users',
        limit: 1,
        plan: 'starter',
        requiredPlan: 'pro',
      }),
    );
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await send();
    expect(await screen.findByRole('heading', { name: 'Upgrade to Growth' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invite a team member' })).not.toBeInTheDocument();
  });
});
