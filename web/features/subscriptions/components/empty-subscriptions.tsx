import { AppWindow } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadDemoButton } from '@/components/demo/load-demo-button';

interface EmptyProps {
  onAdd: () => void;
  onImport: () => void;
}

/** No applications yet: add from the catalogue, import, or try the demo company. */
export function EmptySubscriptions({ onAdd, onImport }: EmptyProps) {
  return (
    <EmptyState
      icon={AppWindow}
      title="No applications yet"
      description="Add the tools your company pays for from our catalogue of 500+ SaaS apps, or import them from a CSV or Wallos export."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={onAdd}>Add from catalogue</Button>
          <Button variant="outline" onClick={onImport}>
            Import
          </Button>
          <LoadDemoButton />
        </div>
      }
    />
  );
}
