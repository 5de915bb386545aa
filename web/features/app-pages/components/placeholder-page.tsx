import { CircleCheck } from 'lucide-react';
import { FEATURE_MIN_PLAN, PLANS } from '@common/plans';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/layout/page-header';
import { APP_PLACEHOLDERS, type PlaceholderContent, type PlaceholderKey } from '../placeholder-content';

/** An /app page that a later release fills in: its title and what it will show. */
export function PlaceholderPage({ pageKey }: { pageKey: PlaceholderKey }) {
  const content: PlaceholderContent = APP_PLACEHOLDERS[pageKey];
  const minPlan = content.feature ? FEATURE_MIN_PLAN[content.feature] : 'starter';

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={content.title}
        description={content.summary}
        actions={
          minPlan !== 'starter' ? (
            <Badge variant="outline">
              Available on {PLANS[minPlan].name}
              {minPlan === 'pro' ? ' and Scale' : ''}
            </Badge>
          ) : undefined
        }
      />
      <Card className="p-6">
        <h2 className="text-sm font-semibold">What will appear here</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          This screen is not built yet in this version of Stackwise. When it is, it will show:
        </p>
        <ul className="mt-4 grid gap-3">
          {content.willShow.map((line) => (
            <li key={line} className="flex items-start gap-3 text-sm">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {line}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
