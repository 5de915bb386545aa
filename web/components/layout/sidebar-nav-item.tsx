import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { isItemActive, type SidebarItem } from './sidebar-items';

/** Expanded items show their description after this delay (spec §9). */
export const DESCRIPTION_TOOLTIP_DELAY = 300;

interface SidebarNavItemProps {
  item: SidebarItem;
  collapsed: boolean;
  /** A count shown as a badge (Setup Progress). */
  badge?: number;
  onNavigate?: () => void;
}

export function SidebarNavItem({ item, collapsed, badge, onNavigate }: SidebarNavItemProps) {
  const { pathname } = useLocation();
  const active = isItemActive(item.to, pathname);
  const Icon = item.icon;

  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? item.label : undefined}
      data-active={active || undefined}
      className={cn(
        'group relative flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
        active && 'bg-primary/10 text-foreground hover:bg-primary/15',
        collapsed && 'justify-center px-0',
      )}
    >
      <Icon className={cn('size-[18px] shrink-0', active && 'text-primary')} aria-hidden />
      {!collapsed && <span className="truncate">{item.label}</span>}
      {!collapsed && item.isNew && (
        <Badge variant="new" className="ml-auto">
          New
        </Badge>
      )}
      {badge !== undefined &&
        (collapsed ? (
          <span className="absolute right-1 top-1 flex size-4 items-center justify-center rounded-full bg-primary text-[10px] font-semibold text-primary-foreground">
            {badge}
          </span>
        ) : (
          <span className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground">
            {badge}
          </span>
        ))}
    </Link>
  );

  if (collapsed) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>{link}</TooltipTrigger>
        <TooltipContent side="right" className="grid gap-1">
          <span className="flex items-center gap-2 font-medium">
            {item.label}
            {item.isNew && <Badge variant="new">New</Badge>}
          </span>
          {item.description && <span className="text-muted-foreground">{item.description}</span>}
        </TooltipContent>
      </Tooltip>
    );
  }
  if (!item.description) return link;
  return (
    <Tooltip delayDuration={DESCRIPTION_TOOLTIP_DELAY}>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{item.description}</TooltipContent>
    </Tooltip>
  );
}
