import {
  AlarmClock,
  Bell,
  CircleAlert,
  CircleDollarSign,
  FileClock,
  type LucideIcon,
  RefreshCw,
  Wallet,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

interface TypeMeta {
  label: string;
  icon: LucideIcon;
  tone: string;
}

/** The notification types of spec §2 (both readings), with their icon. */
const TYPE_META: Record<string, TypeMeta> = {
  overdue: { label: 'Overdue', icon: CircleAlert, tone: 'text-destructive bg-destructive/10' },
  'due-soon': { label: 'Due soon', icon: AlarmClock, tone: 'text-warning bg-warning/10' },
  renewal: { label: 'Renewal', icon: AlarmClock, tone: 'text-warning bg-warning/10' },
  'auto-renewal': { label: 'Auto-renewal', icon: RefreshCw, tone: 'text-primary bg-primary/10' },
  'contract-expiry': { label: 'Contract expiry', icon: FileClock, tone: 'text-primary bg-primary/10' },
  'cost-alert': { label: 'Cost alert', icon: CircleDollarSign, tone: 'text-destructive bg-destructive/10' },
  'budget-alert': { label: 'Budget alert', icon: Wallet, tone: 'text-warning bg-warning/10' },
  other: { label: 'Other', icon: Bell, tone: 'text-muted-foreground bg-muted' },
};

export function typeMeta(type: string): TypeMeta {
  return TYPE_META[type] ?? TYPE_META.other;
}

export function NotificationTypeIcon({ type, className }: { type: string; className?: string }) {
  const meta = typeMeta(type);
  const Icon = meta.icon;
  return (
    <span
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', meta.tone, className)}
      title={meta.label}
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{meta.label}</span>
    </span>
  );
}

/** High, medium, or low for anything else (spec §2). */
export function PriorityBadge({ priority }: { priority: string }) {
  if (priority === 'high') return <Badge variant="destructive">High</Badge>;
  if (priority === 'medium') return <Badge variant="warning">Medium</Badge>;
  return <Badge variant="secondary">Low</Badge>;
}
