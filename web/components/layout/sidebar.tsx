import { ChevronsLeft, ChevronsRight, X } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { setupRemaining } from '@common/onboarding';
import { Button } from '@/components/ui/button';
import { SidebarNotificationBell } from '@/features/notifications';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { cn } from '@/lib/cn';
import { LogoMark } from './logo';
import { SETTINGS_ITEM, SETUP_ITEM, SIDEBAR_ITEMS } from './sidebar-items';
import { SidebarNavItem } from './sidebar-nav-item';

interface SidebarProps {
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Small screens: the sidebar slides over the page. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

export function Sidebar({ collapsed, onCollapsedChange, mobileOpen, onMobileClose }: SidebarProps) {
  const organization = useCurrentOrganizationSummary();
  const remaining = organization ? setupRemaining(organization.setupProgress) : 0;
  // On small screens an open sidebar always shows labels.
  const showCollapsed = collapsed && !mobileOpen;

  return (
    <>
      {mobileOpen && (
        <div
          className="fixed inset-0 z-30 bg-black/50 md:hidden"
          onClick={onMobileClose}
          aria-hidden
          data-testid="sidebar-backdrop"
        />
      )}
      <aside
        aria-label="Main navigation"
        data-collapsed={showCollapsed}
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex flex-col border-r bg-sidebar transition-[width,transform] duration-200 md:sticky md:top-0 md:h-dvh md:translate-x-0',
          showCollapsed ? 'w-16' : 'w-64',
          mobileOpen ? 'translate-x-0 shadow-2xl' : '-translate-x-full',
        )}
      >
        <div
          className={cn(
            'flex h-14 shrink-0 items-center gap-2 border-b px-3',
            showCollapsed && 'justify-center px-0',
          )}
        >
          <Link
            to="/app"
            className="flex min-w-0 items-center gap-2 rounded-md"
            aria-label="Stackwise dashboard"
          >
            <LogoMark />
            {!showCollapsed && (
              <span className="truncate text-[15px] font-semibold tracking-tight">Stackwise</span>
            )}
          </Link>
          {!showCollapsed && (
            <div className="ml-auto flex items-center gap-0.5">
              <Suspense fallback={null}>
                <SidebarNotificationBell />
              </Suspense>
              <Button
                variant="ghost"
                size="icon-sm"
                className="md:hidden"
                onClick={onMobileClose}
                aria-label="Close sidebar"
              >
                <X />
              </Button>
            </div>
          )}
        </div>

        <nav className="flex-1 overflow-y-auto overflow-x-hidden p-2" aria-label="Sections">
          <ul className="grid gap-0.5">
            {SIDEBAR_ITEMS.map((item) => (
              <li key={item.to}>
                <SidebarNavItem item={item} collapsed={showCollapsed} onNavigate={onMobileClose} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="grid gap-0.5 border-t p-2">
          {remaining > 0 && (
            <SidebarNavItem
              item={SETUP_ITEM}
              collapsed={showCollapsed}
              badge={remaining}
              onNavigate={onMobileClose}
            />
          )}
          <SidebarNavItem item={SETTINGS_ITEM} collapsed={showCollapsed} onNavigate={onMobileClose} />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onCollapsedChange(!collapsed)}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className={cn(
              'mt-1 hidden h-9 text-muted-foreground md:flex',
              showCollapsed ? 'justify-center' : 'justify-start px-2.5',
            )}
          >
            {collapsed ? <ChevronsRight /> : <ChevronsLeft />}
            {!showCollapsed && <span>Collapse</span>}
          </Button>
        </div>
      </aside>
    </>
  );
}
