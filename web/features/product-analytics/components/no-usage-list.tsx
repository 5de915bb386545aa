import { Link } from 'react-router';
import type { ProductOverview } from '@common/contracts/product-analytics';

/** Paid applications nobody has reported usage for, with what to export and where to import it. */
export function NoUsageList({ items }: { items: ProductOverview['noUsageData'] }) {
  return (
    <ul className="grid gap-3 text-sm" data-testid="no-usage-list">
      {items.map((item) => (
        <li key={item.subscriptionId} className="grid gap-1">
          <span>
            <Link to={`/app/subscriptions/${item.subscriptionId}`} className="font-medium hover:underline">
              {item.name}
            </Link>{' '}
            <span className="text-muted-foreground">
              · {item.assigned} assigned seats, no activity recorded
            </span>
          </span>
          <span className="text-muted-foreground">{item.hint}</span>
        </li>
      ))}
      <li>
        <Link to="/app/licenses?import=usage" className="font-medium text-primary hover:underline">
          Import usage
        </Link>
      </li>
    </ul>
  );
}
