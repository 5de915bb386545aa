import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toDecimalString, toMinor } from '@common/money';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { InsightDialogProps } from './use-insight-patch';

/** The typed amount in minor units, or null when it is not one. */
function readAmount(text: string, currency: string): number | null {
  try {
    return text.trim() ? toMinor(text, currency) : null;
  } catch {
    return null;
  }
}

/** The amount typed, as minor units of the opportunity's currency. */
const realizedAmount = (currency: string) =>
  z.object({
    amount: z
      .string()
      .transform((text) => readAmount(text, currency))
      .refine((minor): minor is number => minor !== null && minor >= 0, 'Enter the amount saved per year'),
  });

/** Mark an opportunity realized by hand: the yearly amount actually saved. */
export function RealizeDialog({ insight, open, onOpenChange, patch }: InsightDialogProps) {
  const schema = realizedAmount(insight.currency);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      amount: insight.savingMinor === null ? '' : toDecimalString(insight.savingMinor, insight.currency),
    },
  });

  return (
    <FormDialog
      className="max-w-md"
      open={open}
      onOpenChange={onOpenChange}
      title="Mark as realized"
      description={<>How much does “{insight.title}” save per year? It counts in the savings ledger.</>}
      submitLabel="Mark realized"
      pending={patch.pending}
      onSubmit={form.handleSubmit(({ amount }) =>
        patch.run({ state: 'realized', realizedMinor: amount }, 'Marked as realized', () =>
          onOpenChange(false),
        ),
      )}
    >
      <FormField label={`Saved per year (${insight.currency})`} error={form.formState.errors.amount?.message}>
        <Input inputMode="decimal" {...form.register('amount')} />
      </FormField>
    </FormDialog>
  );
}
