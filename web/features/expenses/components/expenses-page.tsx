import { Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { can } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { useOrganization } from '@/features/organizations';
import { useDiscoveries } from '../api/get-discoveries';
import { useExpenses } from '../api/get-expenses';
import { DiscoveriesPanel } from './discoveries-panel';
import { ExpenseDialog } from './expense-dialog';
import { ImportWizard } from './import-wizard';
import { Ledger } from './ledger';
import { ReviewQueue } from './review-queue';
import { SpendChart } from './spend-chart';

/** /app/expenses: spend by month, the ledger, the review queue, discovered tools and the import wizard. */
export function ExpensesPage() {
  const organization = useOrganization();
  const unmatched = useExpenses({ match: 'unmatched', limit: 1 });
  const discoveries = useDiscoveries();
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  if (organization.isPending) return <Spinner />;
  const canWrite = organization.data ? can(organization.data.role, 'data.write') : false;
  const queueCount = unmatched.data?.total ?? 0;
  const discovered = discoveries.data?.length ?? 0;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Expenses"
        description="What was actually paid — card and bank statements, invoices — matched to your applications."
        actions={
          canWrite && (
            <>
              <Button variant="outline" onClick={() => setAdding(true)}>
                <Plus /> Add expense
              </Button>
              <Button onClick={() => setImporting(true)}>
                <Upload /> Import statement
              </Button>
            </>
          )
        }
      />
      <SpendChart />
      <Tabs defaultValue="ledger">
        <TabsList>
          <TabsTrigger value="ledger">Ledger</TabsTrigger>
          <TabsTrigger value="review">
            Review queue {queueCount > 0 && <Badge variant="warning">{queueCount}</Badge>}
          </TabsTrigger>
          <TabsTrigger value="discovered">
            Discovered {discovered > 0 && <Badge>{discovered}</Badge>}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="ledger">
          <Ledger canWrite={canWrite} />
        </TabsContent>
        <TabsContent value="review">
          <ReviewQueue canWrite={canWrite} />
        </TabsContent>
        <TabsContent value="discovered">
          <DiscoveriesPanel canWrite={canWrite} />
        </TabsContent>
      </Tabs>
      <ImportWizard open={importing} onOpenChange={setImporting} />
      <ExpenseDialog expense={null} open={adding} onOpenChange={setAdding} />
    </div>
  );
}
