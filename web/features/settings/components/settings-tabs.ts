import {
  Activity,
  BellRing,
  Building2,
  Code2,
  CreditCard,
  FolderKanban,
  Gem,
  HandCoins,
  Lightbulb,
  type LucideIcon,
  Mail,
  Plug,
  Receipt,
  ScrollText,
  Shapes,
  ShieldCheck,
  Tags,
  UserRound,
  Users,
} from 'lucide-react';

export interface SettingsTab {
  id: string;
  label: string;
  icon: LucideIcon;
  /** One line under the heading. */
  description: string;
}

/** The tabs of /app/settings/{tab}; the first is the default. */
export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'profile', label: 'Profile', icon: UserRound, description: 'Your name, job title and password.' },
  {
    id: 'organization',
    label: 'Organization',
    icon: Building2,
    description:
      'Workspace name, the currency money is shown in, when your fiscal year starts, and sharing prices with peer benchmarks.',
  },
  {
    id: 'currencies',
    label: 'Currencies',
    icon: HandCoins,
    description: 'Exchange rates that convert other currencies into your reporting currency.',
  },
  {
    id: 'plans',
    label: 'Plans',
    icon: Gem,
    description: 'Your current plan, what each plan includes, and trials.',
  },
  {
    id: 'billing',
    label: 'Billing',
    icon: CreditCard,
    description: 'Payment method, invoices and auto-renew for your Stackwise subscription.',
  },
  {
    id: 'team',
    label: 'Team',
    icon: Users,
    description: 'Who can sign in to this workspace and what they can do.',
  },
  {
    id: 'notifications',
    label: 'Notifications',
    icon: BellRing,
    description: 'Which alerts you receive, how early, and where: the bell, e-mail, Slack or a webhook.',
  },
  {
    id: 'invoice-forwarding',
    label: 'Invoice forwarding',
    icon: Mail,
    description: 'A unique address that turns forwarded invoices into applications and expenses.',
  },
  {
    id: 'integrations',
    label: 'Integrations',
    icon: Plug,
    description:
      'Connect your identity provider, Slack and your accounting system: people, the applications they use, sign-ins, seats and bills flow in by themselves (Growth plan).',
  },
  {
    id: 'categories',
    label: 'Categories',
    icon: Shapes,
    description: 'Categories group applications in lists, budgets and reports.',
  },
  {
    id: 'tags',
    label: 'Tags',
    icon: Tags,
    description: 'Free-form labels to slice applications any way you need.',
  },
  {
    id: 'payment-methods',
    label: 'Payment methods',
    icon: Receipt,
    description: 'The cards and accounts your company pays for software with.',
  },
  {
    id: 'use-cases',
    label: 'Use cases',
    icon: Lightbulb,
    description: 'What each application is used for, to spot tools that do the same job.',
  },
  {
    id: 'projects',
    label: 'Projects',
    icon: FolderKanban,
    description: 'Projects that software spend can be attributed to.',
  },
  {
    id: 'operations',
    label: 'Operations',
    icon: Activity,
    description: 'Background work that failed after all its retries, for owners and admins to retry.',
  },
  {
    id: 'security',
    label: 'Security',
    icon: ShieldCheck,
    description:
      'Single sign-on with your identity provider, verified domains and SCIM provisioning (Scale plan).',
  },
  {
    id: 'api',
    label: 'API',
    icon: Code2,
    description: 'API keys for the REST API, with scopes, expiry and rate limits (Scale plan).',
  },
  {
    id: 'audit',
    label: 'Audit log',
    icon: ScrollText,
    description: 'Every security- and money-relevant event: who, when and from where (Scale plan).',
  },
];

/** Tabs that moved: the old id's URL redirects to the new one. */
export const RENAMED_SETTINGS_TABS: Record<string, string> = { 'email-forwarding': 'invoice-forwarding' };

export function findSettingsTab(id: string | undefined): SettingsTab | undefined {
  return SETTINGS_TABS.find((tab) => tab.id === (id ?? SETTINGS_TABS[0].id));
}
