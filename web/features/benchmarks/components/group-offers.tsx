import { Check } from 'lucide-react';
import type { GroupOfferWire } from '@common/contracts/benchmarks';
import { can, deniedReason, type Role } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate, formatDate } from '@/lib/format';
import { useRequestGroupOffer } from '../api/request-group-offer';

function OfferRow({ offer, role }: { offer: GroupOfferWire; role: Role }) {
  const request = useRequestGroupOffer();
  const denied = deniedReason(role, 'data.write');
  const ask = () =>
    request.mutate(offer.id, {
      onSuccess: () =>
        toast({
          variant: 'success',
          title: 'Offer requested',
          description: 'The operator will get back to you by e-mail.',
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not request the offer',
          description: errorMessage(error),
        }),
    });
  return (
    <li className="grid gap-1 rounded-md border p-3" data-testid={`offer-${offer.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="text-sm font-medium">{offer.title}</span>
          <span className="text-xs text-muted-foreground">
            {offer.discountPercent}% off
            {offer.expiresOn ? ` · until ${formatCalendarDate(offer.expiresOn)}` : ''}
          </span>
        </div>
        {offer.requestedAt ? (
          <Badge variant="success">
            <Check className="size-3" aria-hidden /> Requested {formatDate(offer.requestedAt)}
          </Badge>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={!can(role, 'data.write') || request.isPending}
            onClick={ask}
          >
            Request offer
          </Button>
        )}
      </div>
      {offer.conditions && <p className="text-xs text-muted-foreground">{offer.conditions}</p>}
      {!offer.requestedAt && denied && <p className="text-xs text-muted-foreground">{denied}</p>}
    </li>
  );
}

/** Group-purchasing offers the installation's operator negotiated for this application (Scale). */
export function GroupOffers({ offers, role }: { offers: GroupOfferWire[]; role: Role }) {
  if (offers.length === 0) return null;
  return (
    <section aria-label="Group offers" className="grid gap-2">
      <h3 className="text-sm font-semibold">Group offers</h3>
      <ul className="grid gap-2">
        {offers.map((offer) => (
          <OfferRow key={offer.id} offer={offer} role={role} />
        ))}
      </ul>
    </section>
  );
}
