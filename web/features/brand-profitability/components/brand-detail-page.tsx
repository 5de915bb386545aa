import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor } from '@/lib/format';
import { enteredRevenue } from '../api/get-brand-profitability';
import { useBrandSummary } from '../api/get-brand-summary';
import { CostChart } from './cost-chart';

/** /app/brands/{id}: one brand's applications (its share of each), spend, budgets, people and profitability. */
export function BrandDetailPage() {
  const { id = '' } = useParams();
  const summary = useBrandSummary(id);
  if (summary.isPending) return <Spinner />;
  if (!summary.data)
    return (
      <p className="text-sm text-muted-foreground">
        The brand could not be loaded: {errorMessage(summary.error)}
      </p>
    );
  const { brand, currency, applications, budgets, people, profitability: p } = summary.data;
  const money = (minor: number | null) => (minor === null ? '—' : formatMoneyMinor(minor, currency));
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={brand.name}
        description={
          <span className="flex items-center gap-2">
            {brand.logoUrl && <img src={brand.logoUrl} alt="" className="size-6 rounded" />}
            <span className="inline-block size-3 rounded-full" style={{ background: brand.color }} />
            {brand.entityName ?? 'No entity'}
            {p.spendOutgrowingRevenue && <Badge variant="destructive">Cost outgrowing revenue</Badge>}
          </span>
        }
      />
      <div className="grid gap-4 sm:grid-cols-4">
        {[
          ['Revenue (12 months)', money(enteredRevenue(p))],
          ['Software spend', money(p.spendMinor)],
          ['Cost % of revenue', p.costPercent === null ? '—' : `${p.costPercent.toFixed(2)} %`],
          ['Cost per employee', money(p.costPerEmployeeMinor)],
        ].map(([label, value]) => (
          <Card key={label}>
            <CardHeader>
              <CardTitle className="text-sm font-normal text-muted-foreground">{label}</CardTitle>
            </CardHeader>
            <CardContent className="text-xl font-semibold">{value}</CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Cost as % of revenue</CardTitle>
        </CardHeader>
        <CardContent>
          <CostChart brands={[p]} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Applications</CardTitle>
        </CardHeader>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Application</TableHead>
              <TableHead className="text-right">Share</TableHead>
              <TableHead className="text-right">Spend (12 months)</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {applications.map((a) => (
              <TableRow key={a.subscriptionId}>
                <TableCell>{a.name}</TableCell>
                <TableCell className="text-right">{a.percent} %</TableCell>
                <TableCell className="text-right">{money(a.spendMinor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>People ({people.length})</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm">
            {people.map((person) => (
              <span key={person.id}>
                {person.name} <span className="text-muted-foreground">{person.department ?? ''}</span>
              </span>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Budgets</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm">
            {budgets.length === 0 ? (
              <span className="text-muted-foreground">No budget is scoped to this brand.</span>
            ) : (
              budgets.map((b) => (
                <span key={b.id}>
                  {b.name}: {formatMoneyMinor(b.amountMinor, b.currency)}
                </span>
              ))
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
