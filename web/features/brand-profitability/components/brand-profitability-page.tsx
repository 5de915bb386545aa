import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BrandProfitabilityRow } from '@common/contracts/brand-profitability';
import { can } from '@common/roles';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor } from '@/lib/format';
import { enteredRevenue, useBrandProfitability } from '../api/get-brand-profitability';
import { CostChart } from './cost-chart';
import { RevenueDialog } from './revenue-dialog';

const percent = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)} %`);

/** /app/brand-profitability: brands side by side over a period (URL state `from`, `to`). */
export function BrandProfitabilityPage() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const report = useBrandProfitability(from, to);
  const organization = useOrganization();
  const canWrite = organization.data ? can(organization.data.role, 'data.write') : false;
  const [editing, setEditing] = useState<BrandProfitabilityRow | null>(null);
  const setPeriod = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const data = report.data;
  const money = (minor: number | null) =>
    minor === null || !data ? '—' : formatMoneyMinor(minor, data.currency);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Brand profitability"
        description="Software spend per brand, allocated and converted, against each brand's revenue."
        actions={
          <div className="flex items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor="period-from">From</Label>
              <Input
                id="period-from"
                type="month"
                value={from || data?.from || ''}
                onChange={(e) => setPeriod('from', e.target.value)}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="period-to">To</Label>
              <Input
                id="period-to"
                type="month"
                value={to || data?.to || ''}
                onChange={(e) => setPeriod('to', e.target.value)}
              />
            </div>
          </div>
        }
      />
      {report.isPending ? (
        <Spinner />
      ) : !data ? (
        <p className="text-sm text-muted-foreground">
          Brand profitability could not be loaded: {errorMessage(report.error)}
        </p>
      ) : (
        <>
          {data.rateWarnings.length > 0 && (
            <Card className="border-amber-400/60 bg-amber-50 dark:bg-amber-950/20" role="status">
              <CardContent className="flex gap-2 pt-6 text-sm">
                <AlertTriangle className="size-4 shrink-0 text-amber-600" />
                <div className="space-y-1">
                  {data.rateWarnings.map((warning) => (
                    <p key={warning}>{warning}</p>
                  ))}
                  <p>
                    Left out, not guessed
                    {data.unconverted.length > 0 &&
                      `: ${data.unconverted
                        .map((u) => `${formatMoneyMinor(u.amountMinor, u.currency)} in ${u.count} charges`)
                        .join(', ')}`}
                    . Add rates in Settings to include them.
                  </p>
                </div>
              </CardContent>
            </Card>
          )}
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.brands.map((b) => (
              <Card
                key={b.brandId}
                data-testid="brand-card"
                style={{ borderTopColor: b.color, borderTopWidth: 4 }}
              >
                <CardHeader>
                  <CardTitle className="flex items-center justify-between gap-2">
                    <Link to={`/app/brands/${b.brandId}`} className="hover:underline">
                      {b.name}
                    </Link>
                    {b.spendOutgrowingRevenue && (
                      <Badge
                        variant="destructive"
                        title="Software cost grew faster than revenue over the last 3 months"
                      >
                        Cost outgrowing revenue
                      </Badge>
                    )}
                  </CardTitle>
                  <CardDescription>{b.people} people</CardDescription>
                </CardHeader>
                <CardContent className="grid grid-cols-2 gap-2 text-sm">
                  <span className="text-muted-foreground">Revenue</span>
                  <span className="text-right">{money(enteredRevenue(b))}</span>
                  <span className="text-muted-foreground">Software spend</span>
                  <span className="text-right">{money(b.spendMinor)}</span>
                  <span className="text-muted-foreground">Cost % of revenue</span>
                  <span className="text-right">{percent(b.costPercent)}</span>
                  <span className="text-muted-foreground">Cost per employee</span>
                  <span className="text-right">{money(b.costPerEmployeeMinor)}</span>
                  {canWrite && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="col-span-2 mt-2"
                      onClick={() => setEditing(b)}
                    >
                      Enter revenue
                    </Button>
                  )}
                </CardContent>
              </Card>
            ))}
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Software cost as % of revenue</CardTitle>
            </CardHeader>
            <CardContent>
              <CostChart brands={data.brands} />
            </CardContent>
          </Card>
          <Card>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Brand</TableHead>
                  <TableHead className="text-right">Revenue</TableHead>
                  <TableHead className="text-right">Spend</TableHead>
                  <TableHead className="text-right">Cost %</TableHead>
                  <TableHead className="text-right">People</TableHead>
                  <TableHead className="text-right">Per employee</TableHead>
                  <TableHead>Top application</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.brands.map((b) => (
                  <TableRow key={b.brandId}>
                    <TableCell>{b.name}</TableCell>
                    <TableCell className="text-right">{money(enteredRevenue(b))}</TableCell>
                    <TableCell className="text-right">{money(b.spendMinor)}</TableCell>
                    <TableCell className="text-right">{percent(b.costPercent)}</TableCell>
                    <TableCell className="text-right">{b.people}</TableCell>
                    <TableCell className="text-right">{money(b.costPerEmployeeMinor)}</TableCell>
                    <TableCell>{b.topApplications[0]?.name ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Card>
          <RevenueDialog
            brand={editing}
            months={editing?.months.map((m) => m.month) ?? []}
            currency={data.currency}
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </>
      )}
    </div>
  );
}
