import { Plus, Upload } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { can } from '@common/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { AllocationEditor } from '@/features/entities';
import { InvoiceInbox, useInboxCounts } from '@/features/invoice-forwarding';
import { useOrganization } from '@/lib/organizations/get-organization';
import {
  useDiscoveries,
  useExpenses,
  DiscoveriesPanel,
  ExpenseDialog,
  ImportWizard,
  Ledger,
  ReviewQueue,
  SpendChart,
} from '@/features/expenses';

const TABS = ['ledger', 'review', 'discovered', 'invoices'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);
const expenseAllocation = (expenseId: string) => <AllocationEditor kind="expense" id={expenseId} />;

/**
 * /app/expenses: spend by month, the ledger, the review queue, discovered tools, the invoice inbox
 * and the import wizard. The tab is in the URL (`?tab=invoices&message=<id>` opens a received invoice).
 */
export function ExpensesPage() {
  const organization = useOrganization();
  const unmatched = useExpenses({ match: 'unmatched', limit: 1 });
  const discoveries = useDiscoveries();
  const inbox = useInboxCounts();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'ledger';
  // Another tab leaves the inbox's own parameters (state filter, open message) behind.
  const changeTab = (value: string) => setParams(value === 'ledger' ? {} : { tab: value }, { replace: true });
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  if (organization.isPending) return <Spinner />;
  const canWrite = organization.data ? can(organization.data.role, 'data.write') : false;
  const queueCount = unmatched.data?.total ?? 0;
  const discovered = discoveries.data?.length ?? 0;
  const toReview = inbox.data?.needs_review ?? 0;

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
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList>
          <TabsTrigger value="ledger">Ledger</TabsTrigger>
          <TabsTrigger value="review">
            Review queue {queueCount > 0 && <Badge variant="warning">{queueCount}</Badge>}
          </TabsTrigger>
          <TabsTrigger value="discovered">
            Discovered {discovered > 0 && <Badge>{discovered}</Badge>}
          </TabsTrigger>
          <TabsTrigger value="invoices">
            Invoices {toReview > 0 && <Badge variant="warning">{toReview}</Badge>}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="ledger">
          <Ledger canWrite={canWrite} allocationEditor={expenseAllocation} />
        </TabsContent>
        <TabsContent value="review">
          <ReviewQueue canWrite={canWrite} />
        </TabsContent>
        <TabsContent value="discovered">
          <DiscoveriesPanel canWrite={canWrite} />
        </TabsContent>
        <TabsContent value="invoices">
          <Suspense fallback={<Spinner />}>
            <InvoiceInbox canWrite={canWrite} />
          </Suspense>
        </TabsContent>
      </Tabs>
      <ImportWizard open={importing} onOpenChange={setImporting} />
      <ExpenseDialog expense={null} open={adding} onOpenChange={setAdding} />
    </div>
  );
}
