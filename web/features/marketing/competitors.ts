export interface Competitor {
  name: string;
  approach: string;
  bestFor: string;
  strengths: string[];
  tradeoffs: string[];
  pricing: string;
}

/**
 * How the common alternatives differ, written to be fair: each has real strengths. Pricing for
 * sales-led products is not public, so it is described, not quoted.
 */
export const COMPETITORS: Competitor[] = [
  {
    name: 'Vendr',
    approach: 'Procurement platform with a buying team that negotiates purchases and renewals for you.',
    bestFor: 'Companies with large contracts who want experts to run negotiations.',
    strengths: [
      'Negotiation expertise and pricing data from many deals',
      'Handles the procurement workflow end to end',
    ],
    tradeoffs: [
      'Priced for larger software budgets; quote-based',
      'Less focused on day-to-day seat and expense tracking',
    ],
    pricing: 'Quote-based',
  },
  {
    name: 'Zylo',
    approach: 'Enterprise SaaS management with discovery from SSO, finance systems and browser data.',
    bestFor: 'Large enterprises with hundreds of applications and a dedicated SaaS or procurement team.',
    strengths: ['Broad automated discovery of shadow IT', 'Deep enterprise reporting and integrations'],
    tradeoffs: [
      'Implementation effort and enterprise pricing',
      'More than most small and mid-sized teams need',
    ],
    pricing: 'Quote-based',
  },
  {
    name: 'Torii',
    approach: 'SaaS management for IT, with strong workflow automation for onboarding and offboarding.',
    bestFor: 'IT teams that want to automate provisioning, offboarding and license clean-up.',
    strengths: ['No-code automation workflows', 'Many integrations for usage discovery'],
    tradeoffs: ['IT-first; finance features are not the centre', 'Quote-based pricing'],
    pricing: 'Quote-based',
  },
  {
    name: 'Productiv',
    approach: 'SaaS intelligence platform centred on application usage and engagement analytics.',
    bestFor: 'Enterprises that want detailed usage data to drive renewals and rationalisation.',
    strengths: ['Feature-level usage and engagement analytics', 'Renewal planning for large portfolios'],
    tradeoffs: ['Enterprise focus and pricing', 'Needs integrations to deliver its value'],
    pricing: 'Quote-based',
  },
  {
    name: 'Cledara',
    approach: 'Software management combined with payments: subscriptions are paid through its virtual cards.',
    bestFor: 'Small and mid-sized companies, especially in Europe, that want to centralise paying for SaaS.',
    strengths: [
      'Virtual card per subscription gives precise spend control',
      'Approval workflows for new purchases',
    ],
    tradeoffs: [
      'Most value comes from moving payments onto its cards',
      'Less emphasis on contracts and notice periods',
    ],
    pricing: 'Published tiers',
  },
  {
    name: 'Spreadsheets',
    approach: 'A shared sheet listing tools, costs and renewal dates, maintained by hand.',
    bestFor: 'Very small teams with a handful of tools and one person who keeps it current.',
    strengths: ['Free and completely flexible', 'Everyone already knows how to use it'],
    tradeoffs: [
      'No reminders: renewals and notice deadlines are missed',
      'Goes stale the week after it is written; no link to actual spend',
    ],
    pricing: 'Free',
  },
];

export const STACKWISE_SUMMARY: Competitor = {
  name: 'Stackwise',
  approach:
    'Self-serve SaaS spend management for finance and IT: inventory, renewals, contracts, seats, expenses, budgets and daily AI insights.',
  bestFor:
    'Companies of roughly 10 to 1,000 people that want control of SaaS spend without an enterprise rollout.',
  strengths: [
    'Free plan and published prices; running in minutes',
    'Cancel-by dates from notice periods, invoice forwarding, budgets',
  ],
  tradeoffs: [
    'No negotiation service — you negotiate, with the facts at hand',
    'Discovery is from invoices and expenses rather than SSO or browser agents',
  ],
  pricing: 'Free, $49/month or $199/month',
};
