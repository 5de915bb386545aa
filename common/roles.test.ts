import { describe, expect, it } from 'vitest';
import { can, deniedReason, rolesAllowed } from './roles';

describe('the policy map', () => {
  it('gives owners everything, admins all but billing and ownership, members data, viewers reading', () => {
    expect(rolesAllowed('billing.manage')).toEqual(['owner']);
    expect(rolesAllowed('ownership.transfer')).toEqual(['owner']);
    expect(rolesAllowed('team.manage')).toEqual(['owner', 'admin']);
    expect(rolesAllowed('organization.update')).toEqual(['owner', 'admin']);
    expect(rolesAllowed('data.write')).toEqual(['owner', 'admin', 'member']);
    expect(rolesAllowed('team.view')).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(can('viewer', 'data.write')).toBe(false);
  });

  it('explains a refusal for tooltips', () => {
    expect(deniedReason('admin', 'team.manage')).toBeNull();
    expect(deniedReason('member', 'team.manage')).toBe('Only owners and admins can do this.');
    expect(deniedReason('admin', 'billing.manage')).toBe('Only owners can do this.');
    expect(deniedReason('member', 'data.write')).toBeNull();
    expect(deniedReason('viewer', 'data.write')).toBe('Viewers have read-only access.');
  });
});
