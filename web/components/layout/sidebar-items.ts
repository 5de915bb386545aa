import {
  BarChart3,
  CalendarClock,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Receipt,
  Settings,
  Sparkles,
  TrendingDown,
  Users,
  Wallet,
  AppWindow,
} from 'lucide-react';

export interface SidebarItem {
  to: string;
  label: string;
  icon: LucideIcon;
  isNew?: boolean;
  description?: string;
}

/** The sidebar entries of spec §2, in order. */
export const SIDEBAR_ITEMS: SidebarItem[] = [
  { to: '/app', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/app/subscriptions', label: 'Applications', icon: AppWindow },
  { to: '/app/licenses', label: 'Licenses', icon: KeyRound },
  {
    to: '/app/users',
    label: 'Users',
    icon: Users,
    isNew: true,
    description: 'Manage users with editable license assignments inline',
  },
  { to: '/app/renewals', label: 'Renewals', icon: CalendarClock },
  { to: '/app/expenses', label: 'Expenses', icon: Receipt },
  { to: '/app/budget', label: 'Budgets', icon: Wallet },
  { to: '/app/optimize', label: 'Optimize', icon: TrendingDown },
  {
    to: '/app/insights',
    label: 'Insights',
    icon: Sparkles,
    isNew: true,
    description: 'AI-powered cost optimisation with daily auto-generated insights',
  },
  { to: '/app/reports', label: 'Reports', icon: BarChart3 },
];

export const SETUP_ITEM: SidebarItem = { to: '/app/setup', label: 'Setup Progress', icon: ListChecks };

export const SETTINGS_ITEM: SidebarItem = {
  to: '/app/settings',
  label: 'Settings',
  icon: Settings,
  isNew: true,
  description: 'Invoice forwarding with a unique email address',
};

/** Active when the path equals the route or, for routes other than /app, starts with it (spec §2). */
export function isItemActive(route: string, pathname: string): boolean {
  if (pathname === route) return true;
  if (route === '/app') return false;
  return pathname.startsWith(route);
}

export const SIDEBAR_STORAGE_KEY = 'stackwise.sidebar.collapsed';
