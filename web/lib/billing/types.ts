import type { z } from 'zod';
import type {
  billingOverview,
  checkoutBody,
  plansResponse,
  trialStatusResponse,
} from '@common/contracts/billing';
import type { Wire } from '@common/contracts/wire';

/** GET /api/trial/status. */
export type TrialStatus = Wire<typeof trialStatusResponse>;
/** GET /api/plans: the plan table with this server's price ids. */
export type PlansResponse = Wire<typeof plansResponse>;
export type PlanWithPrices = PlansResponse['plans'][number];
/** GET /api/billing. */
export type BillingOverview = Wire<typeof billingOverview>;
export type CheckoutInput = z.input<typeof checkoutBody>;
