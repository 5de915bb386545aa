import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CsvImport } from './csv-import';
import { WallosImport } from './wallos-import';

/** CSV and Wallos import wizard. Closing it resets the steps (the tabs unmount). */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const done = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Import applications</DialogTitle>
          <DialogDescription>
            Bring your whole stack in at once from a spreadsheet or from Wallos.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="csv">
          <TabsList>
            <TabsTrigger value="csv">CSV file</TabsTrigger>
            <TabsTrigger value="wallos">Wallos export</TabsTrigger>
          </TabsList>
          <TabsContent value="csv" className="pt-3">
            <CsvImport onDone={done} />
          </TabsContent>
          <TabsContent value="wallos" className="pt-3">
            <WallosImport onDone={done} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
