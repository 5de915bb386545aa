import { AppWindow, Mail, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadDemoButton } from '@/components/demo/load-demo-button';

/**
 * The dashboard of a workspace with no applications yet: how to start. Loaded on its own (a
 * workspace sees it once), so the dashboard's first paint with data does not carry it.
 */
export function EmptyDashboard() {
  return (
    <Card className="lg:col-span-2">
      <EmptyState
        icon={AppWindow}
        title="No applications tracked yet"
        description="Add the tools your company pays for — or forward a few invoices — and this dashboard fills in with spend, renewals and savings. Just looking? Load a realistic demo company."
        className="py-12"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/app/subscriptions">
                <Plus />
                Add your first application
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/app/settings/invoice-forwarding">
                <Mail />
                Forward invoices
              </Link>
            </Button>
            <LoadDemoButton />
          </div>
        }
      />
    </Card>
  );
}
