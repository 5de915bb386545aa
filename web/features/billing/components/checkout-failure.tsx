import { toast } from '@/components/ui/use-toast';
import { checkoutFailure } from '../api/create-checkout-session';

/** Spec §8's checkout failure as a toast: the message, then the setup steps when payments are not set up. */
export function showCheckoutFailure(error: unknown): void {
  const failure = checkoutFailure(error);
  toast({
    variant: 'destructive',
    title: 'Upgrade failed',
    // Setup steps take a while to read.
    duration: failure.setupInstructions ? 20_000 : undefined,
    description: (
      <div className="grid gap-2">
        <p>{failure.message}</p>
        {failure.setupInstructions && (
          <>
            <p className="font-medium">To set up payments:</p>
            <ol className="list-decimal space-y-1 pl-5">
              {failure.setupInstructions.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </>
        )}
      </div>
    ),
  });
}
