import type { z } from 'zod';
import type {
  organizationDetail,
  organizationSummary,
  updateOrganizationBody,
} from '@common/contracts/organizations';
import type { Wire } from '@common/contracts/wire';

/** An item of GET /api/organizations (the first is the current organization). */
export type OrganizationSummary = Wire<typeof organizationSummary>;

/** GET /api/organization: the current organization with its plan and trial state. */
export type OrganizationDetail = Wire<typeof organizationDetail>;

export type UpdateOrganizationInput = z.input<typeof updateOrganizationBody>;
