import type { HTMLAttributes, ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export interface ChartFrameProps extends HTMLAttributes<HTMLDivElement> {
  /** The box's size classes (its height, which the chart fills): `h-72` unless said otherwise. */
  className?: string;
  /** For a chart in a grid cell that may shrink below the chart's natural width. */
  minWidth?: number;
  /** One Recharts chart (BarChart, LineChart…). */
  children: ReactElement;
}

/**
 * The box every chart draws in: its size from `className`, axes and grid in the muted theme colour
 * (chart-style draws them in currentColor), the chart stretched to fill it.
 */
export function ChartFrame({ className = 'h-72', minWidth, children, ...props }: ChartFrameProps) {
  return (
    <div className={cn(className, 'text-muted-foreground')} {...props}>
      <ResponsiveContainer width="100%" height="100%" minWidth={minWidth}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export interface ChartCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Test id of the description line, for tests that read it. */
  descriptionTestId?: string;
  className?: string;
  /** The chart (a ChartFrame), its empty state, or whatever the card shows under its title. */
  children: ReactNode;
}

/** A chart's card: title, an optional description line, then the chart. */
export function ChartCard({ title, description, descriptionTestId, className, children }: ChartCardProps) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description !== undefined && (
          <CardDescription data-testid={descriptionTestId}>{description}</CardDescription>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
