import { useParams } from 'react-router';
import { PlaceholderPage } from '@/features/app-pages/components/placeholder-page';
import { SubscriptionContracts } from './subscription-contracts';

/**
 * /app/subscriptions/{id} until the application detail screen lands: its description plus the
 * working contracts section (that screen mounts SubscriptionContracts itself).
 */
export function ApplicationDetailContracts() {
  const { id } = useParams();
  return (
    <div className="grid gap-6">
      <PlaceholderPage pageKey="subscriptionDetail" />
      {id && (
        <div className="mx-auto w-full max-w-4xl">
          <SubscriptionContracts subscriptionId={id} />
        </div>
      )}
    </div>
  );
}
