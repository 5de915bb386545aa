import { z } from 'zod';
import { moneyTotal } from './people';

// Applications per department or team: seats, cost per head and overlapping tools.

export const teamToolsQuery = z.object({ groupBy: z.enum(['department', 'team']).default('department') });

export const teamToolApplication = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  /** Seats held by the group's people; null for applications billed flat to the department. */
  seats: z.number().nullable(),
  yearlyCostMinor: z.number(),
  currency: z.string(),
  costPerHeadMinor: z.number().nullable(),
});

export const teamToolsGroup = z.object({
  department: z.string().nullable(),
  team: z.string().nullable(),
  /** Active people in the group. */
  headcount: z.number(),
  applications: z.array(teamToolApplication),
  yearlyCosts: z.array(moneyTotal),
  costPerHead: z.array(moneyTotal),
  /** Two or more tools of the same category used in this group. */
  overlaps: z.array(z.object({ category: z.string(), applications: z.array(z.string()) })),
});
export type TeamToolsGroup = z.infer<typeof teamToolsGroup>;

export const teamToolsResponse = z.object({
  groupBy: z.enum(['department', 'team']),
  groups: z.array(teamToolsGroup),
});
export type TeamTools = z.infer<typeof teamToolsResponse>;
