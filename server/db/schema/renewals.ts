import {
  bigint,
  boolean,
  date,
  index,
  integer,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ContractStatus } from '../../../common/contracts/contracts';
import type { DecisionStatus } from '../../../common/contracts/renewals';
import { users } from './auth';
import { createdAt, timestamps } from './columns';
import { subscriptions } from './inventory';
import { tenantReference, tenantTable } from './tenant';

/** A signed agreement behind an application: its term, notice and renewal terms, and documents. */
export const contracts = tenantTable(
  'contracts',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    title: text('title').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Length of each renewal term; null = same as the current term. */
    renewalTermMonths: integer('renewal_term_months'),
    autoRenew: boolean('auto_renew').notNull().default(true),
    noticePeriodDays: integer('notice_period_days').notNull().default(0),
    /** Maximum price increase at renewal, in basis points (5.5 % = 550). */
    priceIncreaseCapBps: integer('price_increase_cap_bps'),
    totalValueMinor: bigint('total_value_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('USD'),
    paymentTerms: text('payment_terms'),
    status: text('status').$type<ContractStatus>().notNull().default('active'),
    /** The contract this one renewed. */
    replacesContractId: uuid('replaces_contract_id'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    tenantReference('contracts_subscription_fk', t, t.subscriptionId, subscriptions, 'cascade'),
    tenantReference('contracts_replaces_fk', t, t.replacesContractId, t, 'clear'),
    index('contracts_org_subscription_idx').on(t.organizationId, t.subscriptionId),
    index('contracts_org_end_idx').on(t.organizationId, t.status, t.endDate),
    index('contracts_org_replaces_idx').on(t.organizationId, t.replacesContractId),
  ],
);

/** A file attached to a contract; its bytes are in file storage under the key <orgId>/<storageKey>. */
export const contractDocuments = tenantTable(
  'contract_documents',
  {
    contractId: uuid('contract_id').notNull(),
    fileName: text('file_name').notNull(),
    /** Detected from the file's bytes, never taken from the upload's headers. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** A server-generated uuid: the file name on disk. */
    storageKey: uuid('storage_key').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('contract_documents_contract_fk', t, t.contractId, contracts, 'cascade'),
    index('contract_documents_org_contract_idx').on(t.organizationId, t.contractId),
  ],
);

/** The decision taken for one renewal (application × renewal date); older dates stay as history. */
export const renewalDecisions = tenantTable(
  'renewal_decisions',
  {
    subscriptionId: uuid('subscription_id').notNull(),
    renewalDate: date('renewal_date').notNull(),
    status: text('status').$type<DecisionStatus>().notNull().default('upcoming'),
    /** The last of renew / renegotiate / cancel chosen, kept when the status moves on to done. */
    resolution: text('resolution').$type<'renew' | 'renegotiate' | 'cancel'>(),
    notes: text('notes'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the renewal date passed and the job (or the decision) settled it. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantReference('renewal_decisions_subscription_fk', t, t.subscriptionId, subscriptions, 'cascade'),
    uniqueIndex('renewal_decisions_key_idx').on(t.organizationId, t.subscriptionId, t.renewalDate),
    index('renewal_decisions_org_date_idx').on(t.organizationId, t.renewalDate),
  ],
);
