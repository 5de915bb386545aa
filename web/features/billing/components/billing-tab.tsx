import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CreditCard, ExternalLink, Receipt } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PLANS } from '@common/plans';
import { can, deniedReason } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoneyMinor } from '@/lib/format';
import { useBilling } from '../api/get-billing';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { AutoRenewSwitch } from './auto-renew-switch';

/** /app/settings/billing: payment method, auto-renew, invoices and the Stripe portal (owner). */
export function BillingTab() {
  const { data: organization } = useOrganization();
  const isOwner = organization ? can(organization.role, 'billing.manage') : false;
  const { data: billing, isPending, isError, error } = useBilling({ enabled: isOwner });
  const portal = useOpenBillingPortal();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();

  // Back from Stripe Checkout: the webhook may land a moment later, so refresh what depends on it.
  useEffect(() => {
    if (params.get('checkout') !== 'success') return;
    toast({ variant: 'success', title: 'Thank you!', description: 'Your payment details were saved.' });
    void queryClient.invalidateQueries();
    setParams({}, { replace: true });
  }, [params, setParams, queryClient]);

  if (!organization) return <Spinner />;
  if (!isOwner) {
    return (
      <p className="text-sm text-muted-foreground">
        {deniedReason(organization.role, 'billing.manage')} Only the workspace owner can see and change billing.
      </p>
    );
  }
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-sm text-muted-foreground">Billing could not be loaded: {errorMessage(error)}</p>;

  const card = billing.paymentMethod;
  const openPortal = () =>
    portal.mutate(undefined, {
      onError: (err) => toast({ variant: 'destructive', title: 'Could not open the billing portal', description: errorMessage(err) }),
    });

  return (
    <div className="grid gap-6">
      {!billing.stripeConfigured && (
        <p className="rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm">
          Payments are not set up on this server yet, so there is nothing to bill. The server administrator can follow
          the Stripe steps in the README.
        </p>
      )}
      {billing.stripeError && (
        <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          Stripe could not be reached, so the card and invoices may be out of date. ({billing.stripeError})
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Payment method</CardTitle>
          <CardDescription>
            Plan: {PLANS[billing.effectivePlan].name}
            {billing.isTrialActive && billing.trialEndsAt ? ` (trial until ${formatDate(billing.trialEndsAt)})` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3 text-sm" data-testid="payment-method">
            <CreditCard className="size-5 text-muted-foreground" aria-hidden />
            {card ? (
              <span>
                <span className="font-medium capitalize">{card.brand}</span> •••• {card.last4}
                {card.expMonth && card.expYear ? ` · expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}` : ''}
              </span>
            ) : billing.hasPaymentMethod ? (
              <span>A payment method is on file with Stripe.</span>
            ) : (
              <span className="text-muted-foreground">No payment method on file.</span>
            )}
          </div>
          {billing.portalAvailable && (
            <Button variant="outline" onClick={openPortal} disabled={portal.isPending}>
              <ExternalLink />
              {portal.isPending ? 'Opening…' : 'Manage in billing portal'}
            </Button>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Auto-renew</CardTitle>
          <CardDescription>When the trial ends, continue on the paid plan automatically.</CardDescription>
        </CardHeader>
        <CardContent className="flex items-center justify-between gap-4">
          <label htmlFor="auto-renew" className="text-sm">
            {billing.autoRenewTrial ? 'On' : 'Off'}
            {!billing.hasPaymentMethod && (
              <span className="block text-xs text-muted-foreground">Needs a payment method: upgrade from the Plans tab to add one.</span>
            )}
          </label>
          <AutoRenewSwitch checked={billing.autoRenewTrial} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Invoices</CardTitle>
          <CardDescription>Every Stackwise invoice, from Stripe.</CardDescription>
        </CardHeader>
        <CardContent>
          {billing.invoices.length === 0 ? (
            <EmptyState icon={Receipt} title="No invoices yet" description="Invoices appear here after your first payment." />
          ) : (
            <ul className="divide-y">
              {billing.invoices.map((invoice) => (
                <li key={invoice.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                  <span className="w-28 text-muted-foreground">{formatDate(invoice.created)}</span>
                  <span className="flex-1 font-medium">{invoice.number ?? invoice.id}</span>
                  <span className="tabular-nums">{formatMoneyMinor(invoice.amountDue, invoice.currency)}</span>
                  <Badge variant={invoice.status === 'paid' ? 'success' : invoice.status === 'open' ? 'warning' : 'secondary'}>
                    {invoice.status ?? 'draft'}
                  </Badge>
                  {invoice.hostedInvoiceUrl && (
                    <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                      View
                    </a>
                  )}
                  {invoice.invoicePdf && (
                    <a href={invoice.invoicePdf} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                      PDF
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
