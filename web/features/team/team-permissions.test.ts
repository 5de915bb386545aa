import { describe, expect, it } from 'vitest';
import type { Member } from '@common/contracts/team';
import {
  assignableRoles,
  inviteDenied,
  removeDenied,
  resendDenied,
  roleChangeDenied,
  transferDenied,
  type TeamViewer,
} from './team-permissions';

const member = (role: Member['role'], userId = 'u2'): Member => ({
  userId,
  email: `${userId}@example.com`,
  firstName: '',
  lastName: '',
  role,
  joinedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
});
const viewer = (role: TeamViewer['role'], overrides: Partial<TeamViewer> = {}): TeamViewer => ({
  role,
  userId: 'me',
  plan: 'pro',
  ownerCount: 1,
  ...overrides,
});

describe('team controls mirror the server', () => {
  it('lets owners and admins invite, and says why others cannot', () => {
    expect(inviteDenied(viewer('owner'))).toBeNull();
    expect(inviteDenied(viewer('admin'))).toBeNull();
    expect(inviteDenied(viewer('member'))).toBe('Only owners and admins can do this.');
    expect(inviteDenied(viewer('viewer'))).toBe('Viewers have read-only access.');
  });

  it('keeps owners to owners and never removes the last one', () => {
    expect(roleChangeDenied(viewer('admin'), member('member'))).toBeNull();
    expect(roleChangeDenied(viewer('admin'), member('owner'))).toBe(
      "Only an owner can change an owner's role.",
    );
    expect(roleChangeDenied(viewer('owner'), member('owner', 'me'))).toContain('at least one owner');
    expect(roleChangeDenied(viewer('owner', { ownerCount: 2 }), member('owner'))).toBeNull();
    expect(removeDenied(viewer('admin'), member('owner'))).toBe('Only an owner can remove an owner.');
    expect(removeDenied(viewer('owner'), member('owner', 'me'))).toContain('at least one owner');
    expect(assignableRoles(viewer('admin'))).toEqual(['admin', 'member', 'viewer']);
    expect(assignableRoles(viewer('owner'))).toEqual(['owner', 'admin', 'member', 'viewer']);
  });

  it('needs Growth to change roles or resend, not to remove', () => {
    const starter = viewer('owner', { plan: 'starter' });
    expect(roleChangeDenied(starter, member('member'))).toBe('Changing roles needs the Growth plan.');
    expect(resendDenied(starter)).toBe('Resending needs the Growth plan.');
    expect(removeDenied(starter, member('member'))).toBeNull();
  });

  it('lets only an owner transfer ownership, to someone else', () => {
    expect(transferDenied(viewer('owner'), member('admin'))).toBeNull();
    expect(transferDenied(viewer('owner'), member('owner', 'me'))).toBe('You already own this organization.');
    expect(transferDenied(viewer('admin'), member('member'))).toBe('Only owners can do this.');
  });
});
