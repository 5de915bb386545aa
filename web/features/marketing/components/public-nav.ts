import { BrainCircuit, FileSignature, type LucideIcon, PieChart } from 'lucide-react';

export interface NavLinkItem {
  to: string;
  label: string;
  description?: string;
  icon?: LucideIcon;
}

export const PLATFORM_LINKS: NavLinkItem[] = [
  {
    to: '/platform/saas-spend-management',
    label: 'SaaS spend management',
    description: 'Every application, cost and renewal in one place.',
    icon: PieChart,
  },
  {
    to: '/platform/ai-intelligence',
    label: 'AI intelligence',
    description: 'Daily insights on waste, overlap and price changes.',
    icon: BrainCircuit,
  },
  {
    to: '/platform/contract-management',
    label: 'Contract management',
    description: 'Terms, notice periods and cancel-by dates, tracked.',
    icon: FileSignature,
  },
];

export const MAIN_LINKS: NavLinkItem[] = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/why-stackwise', label: 'Why Stackwise' },
  { to: '/marketing/competitors', label: 'Compare' },
  { to: '/saas-trends-2025', label: 'SaaS trends 2025' },
];

export const FOOTER_COLUMNS: Array<{ title: string; links: NavLinkItem[] }> = [
  { title: 'Platform', links: [...PLATFORM_LINKS, { to: '/pricing', label: 'Pricing' }] },
  {
    title: 'Compare',
    links: [
      { to: '/why-stackwise', label: 'Why Stackwise' },
      { to: '/marketing/competitors', label: 'Stackwise vs. others' },
      { to: '/marketing/alternatives', label: 'Alternatives' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/saas-trends-2025', label: 'SaaS trends 2025' },
      { to: '/support', label: 'Support' },
      { to: '/request-demo', label: 'Request a demo' },
      { to: '/api/docs', label: 'API reference' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/legal/terms', label: 'Terms of Service' },
      { to: '/legal/privacy', label: 'Privacy Policy' },
      { to: '/legal/gdpr', label: 'GDPR' },
      { to: '/legal/refund', label: 'Refund Policy' },
    ],
  },
];
