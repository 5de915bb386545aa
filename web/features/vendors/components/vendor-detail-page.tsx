import { Link, useParams } from 'react-router';
import { formatMoney } from '@common/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { AppLogo } from '@/components/app-logo';
import { BackLink } from '@/components/layout/detail-page-parts';
import { errorMessage, isStatus } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useVendor } from '../api/get-vendor';
import { useCanEditVendors } from './use-vendor-editing';
import { VendorForm } from './vendor-form';
import { plural } from '@common/wording';

/** /app/vendors/:id — a vendor's details and applications. */
export function VendorDetailPage() {
  const { id = '' } = useParams();
  const vendor = useVendor(id);
  const canEdit = useCanEditVendors();
  if (vendor.isPending) return <Spinner />;
  if (vendor.isError) {
    return (
      <p role="alert" className="text-sm">
        {isStatus(vendor.error, 404) ? 'This vendor does not exist.' : errorMessage(vendor.error)}
      </p>
    );
  }
  const v = vendor.data;
  return (
    <div className="grid gap-4">
      <BackLink to="/app/vendors" label="Vendors" />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{v.name}</h1>
        <p className="text-sm text-muted-foreground">
          {plural(v.applicationsCount, 'application')} · {formatMoney(v.monthlyMinor, v.currency)}/month ·{' '}
          {formatMoney(v.annualMinor, v.currency)}/year
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <VendorForm key={v.updatedAt} vendor={v} canEdit={canEdit} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Applications</CardTitle>
          </CardHeader>
          <CardContent>
            {v.applications.length === 0 ? (
              <p className="text-sm text-muted-foreground">No applications from this vendor.</p>
            ) : (
              <ul className="grid gap-2">
                {v.applications.map((app) => (
                  <li key={app.id} className="flex items-center gap-2.5 text-sm">
                    <AppLogo name={app.name} logoUrl={app.logoUrl} />
                    <Link to={`/app/subscriptions/${app.id}`} className="flex-1 font-medium hover:underline">
                      {app.name}
                    </Link>
                    <span className="tabular-nums">{formatMoney(app.monthlyMinor, app.currency)}/mo</span>
                    <span className="w-24 text-right text-xs text-muted-foreground">
                      {app.nextRenewalDate ? formatDate(app.nextRenewalDate) : '—'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
