import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BudgetPeriod, BudgetScope } from '../../../common/contracts/budgets';
import type {
  ColumnMapping,
  ExpenseSource,
  ImportBatchStatus,
  ImportFormat,
  MatchMethod,
  MatchStatus,
  RuleMatchType,
} from '../../../common/contracts/expenses';
import { createdAt, timestamps } from './columns';
import { settingsItems, subscriptions, vendors } from './inventory';
import { tenantReference, tenantTable } from './tenant';

/** One imported file: its staged upload, the mapping chosen in the wizard and the outcome. */
export const expenseImportBatches = tenantTable(
  'expense_import_batches',
  {
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    status: text('status').$type<ImportBatchStatus>().notNull().default('uploaded'),
    /** Storage key of the staged upload, deleted once committed. */
    storageKey: text('storage_key'),
    mapping: jsonb('mapping').$type<ColumnMapping>(),
    rowCount: integer('row_count').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [index('expense_import_batches_org_idx').on(t.organizationId, t.createdAt)],
);

/** What was actually paid: one card, bank or invoice line, matched (or not) to an application. */
export const expenses = tenantTable(
  'expenses',
  {
    date: date('date').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The merchant text exactly as the statement showed it. */
    merchant: text('merchant').notNull(),
    /** Cleaned merchant words (upper case): what rules, discovery and duplicate checks compare. */
    merchantKey: text('merchant_key').notNull(),
    /** Display name: the catalogue or application name when known, else the cleaned text. */
    merchantName: text('merchant_name').notNull(),
    description: text('description'),
    vendorId: uuid('vendor_id'),
    subscriptionId: uuid('subscription_id'),
    /** A weak candidate shown in the review queue; never counted as a match. */
    suggestedSubscriptionId: uuid('suggested_subscription_id'),
    paymentMethodId: uuid('payment_method_id'),
    categoryId: uuid('category_id'),
    projectId: uuid('project_id'),
    department: text('department'),
    /** Allocated on its own (allocation_shares, kind expense) rather than through its application. */
    hasOwnAllocation: boolean('has_own_allocation').notNull().default(false),
    invoiceNumber: text('invoice_number'),
    servicePeriodStart: date('service_period_start'),
    servicePeriodEnd: date('service_period_end'),
    documentKey: text('document_key'),
    documentName: text('document_name'),
    documentType: text('document_type'),
    documentSize: integer('document_size'),
    source: text('source').$type<ExpenseSource>().notNull().default('manual'),
    /** Bank transaction id (OFX FITID) when the file had one. */
    externalId: text('external_id'),
    /** An accounting connector's id of the bill or purchase (`source` names the provider): one expense each. */
    sourceId: text('source_id'),
    /** The bill or purchase in the provider's web app. */
    sourceUrl: text('source_url'),
    matchStatus: text('match_status').$type<MatchStatus>().notNull().default('unmatched'),
    matchMethod: text('match_method').$type<MatchMethod>(),
    /** 0..1; 1 for manual matches and rules. */
    matchConfidence: real('match_confidence'),
    /** Percent above the expected charge when over the organization's tolerance. */
    overExpectedPercent: integer('over_expected_percent'),
    /** Charged after its application was cancelled ("still being charged"). */
    chargedAfterCancellation: boolean('charged_after_cancellation').notNull().default(false),
    notes: text('notes'),
    /** The import it came from. No foreign key: the check would cost every row of a 100k-row import,
     * and batches are only deleted together with their expenses (undo) or with the organization. */
    importBatchId: uuid('import_batch_id'),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantReference('expenses_vendor_fk', t, t.vendorId, vendors, 'clear'),
    tenantReference('expenses_subscription_fk', t, t.subscriptionId, subscriptions, 'clear'),
    tenantReference(
      'expenses_suggested_subscription_fk',
      t,
      t.suggestedSubscriptionId,
      subscriptions,
      'clear',
    ),
    tenantReference('expenses_payment_method_fk', t, t.paymentMethodId, settingsItems, 'clear'),
    tenantReference('expenses_category_fk', t, t.categoryId, settingsItems, 'clear'),
    tenantReference('expenses_project_fk', t, t.projectId, settingsItems, 'clear'),
    // The ledger (keyset on date, id), per-application spend, and the review queue and budgets
    // (matched or unmatched rows within dates); rules and discovery read unmatched rows through
    // the third. Every index costs each imported row, so there are no more than these.
    index('expenses_org_date_idx').on(t.organizationId, t.date, t.id),
    index('expenses_org_sub_date_idx').on(t.organizationId, t.subscriptionId, t.date),
    index('expenses_org_match_date_idx').on(t.organizationId, t.matchStatus, t.date),
    // Only connector rows carry a source id: a statement import's rows skip this partial index.
    uniqueIndex('expenses_org_source_id_idx')
      .on(t.organizationId, t.source, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
  ],
);

/** Merchant pattern → application, learnt from manual matches or written by hand. */
export const expenseRules = tenantTable(
  'expense_rules',
  {
    /** Upper-case merchant key ('exact') or text the raw merchant contains ('contains'). */
    pattern: text('pattern').notNull(),
    matchType: text('match_type').$type<RuleMatchType>().notNull().default('exact'),
    subscriptionId: uuid('subscription_id').notNull(),
    /** Also sets the expense's category when it has none. */
    categoryId: uuid('category_id'),
    learned: boolean('learned').notNull().default(false),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantReference('expense_rules_subscription_fk', t, t.subscriptionId, subscriptions, 'cascade'),
    tenantReference('expense_rules_category_fk', t, t.categoryId, settingsItems, 'clear'),
    uniqueIndex('expense_rules_org_pattern_idx').on(t.organizationId, t.matchType, t.pattern),
  ],
);

/** A spend limit for a period and scope, with alert thresholds in percent. */
export const budgets = tenantTable(
  'budgets',
  {
    name: text('name').notNull(),
    period: text('period').$type<BudgetPeriod>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    scope: text('scope').$type<BudgetScope>().notNull().default('organization'),
    /** Category id (settings item) or application id, per scope. */
    scopeId: uuid('scope_id'),
    /** Department name for department scope. */
    scopeValue: text('scope_value'),
    thresholds: integer('thresholds')
      .array()
      .notNull()
      .default(sql`'{80,100}'::integer[]`),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [index('budgets_org_idx').on(t.organizationId, t.name)],
);
