import type { ReactNode } from 'react';
import { formatMoney } from '@common/money';
import type { Subscription } from '@common/contracts/subscriptions';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { Link } from 'react-router';
import { CYCLE_LABELS, PRICING_LABELS, STATUS_LABELS, STATUS_VARIANTS } from './labels';
import { RenewalBadge } from '@/components/renewal-badge';
import { daysNotice } from '@common/wording';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** Cost, cycle, renewal, cancel-by, owner, vendor, status, finance details and notes of one application. */
export function SubscriptionOverview({ subscription: s }: { subscription: Subscription }) {
  const cycle =
    s.billingCycle === 'multi-year' && s.intervalMonths
      ? `Every ${s.intervalMonths} months`
      : CYCLE_LABELS[s.billingCycle];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Overview</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Item label="Cost per cycle">{formatMoney(s.costPerCycleMinor, s.currency)}</Item>
          <Item label="Monthly">{formatMoney(s.monthlyMinor, s.currency)}</Item>
          <Item label="Annual">{formatMoney(s.annualMinor, s.currency)}</Item>
          <Item label="Billing cycle">{cycle}</Item>
          <Item label="Pricing">
            {PRICING_LABELS[s.pricingModel]}
            {s.pricingModel === 'per-seat' && s.unitPriceMinor !== null && (
              <span className="block text-xs font-normal text-muted-foreground">
                {s.seats ?? 0} × {formatMoney(s.unitPriceMinor, s.currency)}
              </span>
            )}
          </Item>
          <Item label={s.status === 'cancelled' ? 'Access ends' : 'Next renewal'}>
            {s.nextRenewalDate ? (
              <span className="flex flex-wrap items-center gap-1.5">
                {formatDate(s.nextRenewalDate)} <RenewalBadge days={s.daysUntilRenewal} status={s.status} />
              </span>
            ) : (
              '—'
            )}
          </Item>
          <Item label={s.status === 'cancelled' ? 'Cancelled on' : 'Cancel by'}>
            {s.status === 'cancelled'
              ? s.cancelledOn
                ? formatDate(s.cancelledOn)
                : 'Already cancelled'
              : s.cancelByDate
                ? formatDate(s.cancelByDate)
                : '—'}
            {s.status !== 'cancelled' && s.nextRenewalDate && (
              <Link
                to={`/app/renewals/${s.id}/pack`}
                className="block text-xs font-normal text-primary hover:underline"
              >
                Negotiation pack
              </Link>
            )}
          </Item>
          <Item label="Auto-renew">{s.autoRenew ? `Yes, ${daysNotice(s.noticePeriodDays)}` : 'No'}</Item>
          <Item label="Owner">{s.ownerName ?? s.ownerEmail ?? 'Unassigned'}</Item>
          <Item label="Vendor">
            {s.vendorId ? (
              <Link className="hover:underline" to={`/app/vendors/${s.vendorId}`}>
                {s.vendorName}
              </Link>
            ) : (
              '—'
            )}
          </Item>
          <Item label="Category">{s.categoryName ?? '—'}</Item>
          <Item label="Department / cost centre">{s.department ?? '—'}</Item>
          <Item label="Payment method">{s.paymentMethodName ?? '—'}</Item>
          <Item label="Start date">{s.startDate ? formatDate(s.startDate) : '—'}</Item>
          <Item label="Contract term">
            {s.contractTermMonths ? (
              <>
                {s.contractTermMonths === 1 ? '1 month' : `${s.contractTermMonths} months`}
                {s.termEndDate && (
                  <span className="block text-xs font-normal text-muted-foreground">
                    until {formatDate(s.termEndDate)}
                  </span>
                )}
              </>
            ) : (
              '—'
            )}
          </Item>
          <Item label="Status">
            <Badge variant={STATUS_VARIANTS[s.status]}>{STATUS_LABELS[s.status]}</Badge>
          </Item>
        </dl>
        {s.tagNames.length > 0 && (
          <div className="flex flex-wrap gap-1">
            {s.tagNames.map((tag) => (
              <Badge key={tag} variant="outline">
                {tag}
              </Badge>
            ))}
          </div>
        )}
        <div className="grid gap-1">
          <h3 className="text-xs text-muted-foreground">Notes</h3>
          <p className="text-sm whitespace-pre-wrap">
            {s.notes || <span className="text-muted-foreground">No notes.</span>}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
