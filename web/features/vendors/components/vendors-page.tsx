import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '@common/money';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { errorMessage } from '@/lib/api-client';
import { useVendors } from '@/lib/vendors/get-vendors';

/** /app/vendors — who bills the company, with their applications and spend. */
export function VendorsPage() {
  const vendors = useVendors();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Vendors</h1>
        <p className="text-sm text-muted-foreground">
          The companies behind your applications, and what you spend with each.
        </p>
      </div>
      <Card className="overflow-hidden p-0">
        {vendors.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner />
          </div>
        ) : vendors.isError ? (
          <p role="alert" className="p-6 text-sm text-destructive">
            {errorMessage(vendors.error, 'Could not load vendors.')}
          </p>
        ) : vendors.data.length === 0 ? (
          <EmptyState
            icon={Building2}
            title="No vendors yet"
            description="Vendors appear here as you add applications."
          />
        ) : (
          <Table className="text-[13px]">
            <TableColumns columns={['Vendor', 'Website', 'Applications', 'Monthly', 'Annual']} />
            <TableBody>
              {vendors.data.map((vendor) => (
                <TableRow key={vendor.id}>
                  <TableCell className="py-2 font-medium">
                    <Link to={`/app/vendors/${vendor.id}`} className="hover:underline">
                      {vendor.name}
                    </Link>
                  </TableCell>
                  <TableCell className="py-2 text-muted-foreground">
                    {vendor.domain ?? vendor.website ?? '—'}
                  </TableCell>
                  <TableCell className="py-2 tabular-nums">{vendor.applicationsCount}</TableCell>
                  <TableCell className="py-2 tabular-nums">
                    {formatMoney(vendor.monthlyMinor, vendor.currency)}
                  </TableCell>
                  <TableCell className="py-2 tabular-nums">
                    {formatMoney(vendor.annualMinor, vendor.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
