import type { Feature } from '@common/plans';

export interface PlaceholderContent {
  title: string;
  summary: string;
  /** What the finished page shows. */
  willShow: string[];
  feature?: Feature;
}

/** Title and an honest description of each /app page whose screen arrives with a later release. */
export const APP_PLACEHOLDERS = {
  subscriptions: {
    title: 'Applications',
    summary: 'Every software application your company pays for, in one list.',
    willShow: [
      'Each application with its vendor, owner, category, billing cycle and cost in your currency',
      'Next renewal date and the cancel-by date that follows from its notice period',
      'Filters by status, category, department and tag, plus search and CSV export',
      'Adding an application from the catalogue of well-known SaaS tools, or by hand',
    ],
    feature: 'subscriptions',
  },
  subscriptionDetail: {
    title: 'Application details',
    summary: 'Everything about one application: cost, contract, licenses, spend and history.',
    willShow: [
      'Pricing, seats, billing cycle, renewal and notice period, with a full price history',
      'Contracts and documents attached to this application',
      'Who holds a license and when they last used it',
      'Expenses matched to this application, month by month',
    ],
    feature: 'subscriptions',
  },
  licenses: {
    title: 'Licenses',
    summary: 'Seats you pay for, who holds them and whether they are used.',
    willShow: [
      'License pools per application and tier, with seats purchased and assigned',
      'Unused and inactive seats you can reclaim before the next renewal',
      'Assigning and removing licenses one person at a time or in bulk',
    ],
    feature: 'licenses',
  },
  users: {
    title: 'Users',
    summary: 'The people in your company who use software, and the licenses each one holds.',
    willShow: [
      'Every person with department, status and the applications they use',
      'License assignments you can edit inline, right in the table',
      'Offboarding: the seats to reclaim when someone leaves',
    ],
    feature: 'users',
  },
  expenses: {
    title: 'Expenses',
    summary: 'What you actually paid, matched to the applications it was for.',
    willShow: [
      'Card and invoice expenses imported from CSV or forwarded by email',
      'Automatic matching of merchant names to applications, with manual review for the rest',
      'Spend by month, category and payment method',
    ],
    feature: 'expenses',
  },
  reports: {
    title: 'Reports',
    summary: 'Ready-made reports for finance reviews and board packs.',
    willShow: [
      'Spend by category, department, vendor and period',
      'Renewal calendar and savings achieved',
      'Exports to CSV and PDF',
    ],
    feature: 'reports',
  },
  vendors: {
    title: 'Vendors',
    summary: 'The companies you buy software from, and everything you spend with each.',
    willShow: [
      'Every vendor with its applications, contracts and total spend',
      'Contacts and account managers',
    ],
    feature: 'vendors',
  },
  budget: {
    title: 'Budgets',
    summary: 'Plan software spend and see how actuals track against it.',
    willShow: [
      'Budgets for the organization, a category, a department, an entity or a single application',
      'Actual spend against budget, month by month, with a forecast to year end',
      'Alerts when spend crosses the thresholds you set',
    ],
    feature: 'budget',
  },
  renewals: {
    title: 'Renewals',
    summary: 'Every upcoming renewal and the date by which you must decide.',
    willShow: [
      'A calendar and a list of renewals by month',
      'Cancel-by dates from each contract’s notice period, flagged when they are close',
      'Auto-renewing contracts that need a decision',
    ],
    feature: 'renewals',
  },
  analytics: {
    title: 'Analytics',
    summary: 'Trends in software spend, seats and usage over time.',
    willShow: [
      'Spend growth by category and department',
      'Cost per employee and per seat',
      'Year-over-year comparisons',
    ],
    feature: 'analytics',
  },
  productAnalytics: {
    title: 'Product analytics',
    summary: 'How much each application is actually used across the company.',
    willShow: [
      'Active users per application over time',
      'Adoption of newly purchased tools',
      'Applications nobody opened last month',
    ],
    feature: 'analytics',
  },
  team: {
    title: 'Team',
    summary: 'The people who can sign in to this Stackwise workspace, and their roles.',
    willShow: [
      'Members with their role: owner, admin, member or viewer',
      'Pending invitations, which you can resend or revoke',
      'Seats used against your plan’s member limit',
    ],
    feature: 'team',
  },
  teamTools: {
    title: 'Team tools',
    summary: 'The applications each team relies on, and who owns them.',
    willShow: ['Applications grouped by department and team', 'Tool owners responsible for each application'],
    feature: 'team',
  },
} satisfies Record<string, PlaceholderContent>;

export type PlaceholderKey = keyof typeof APP_PLACEHOLDERS;
