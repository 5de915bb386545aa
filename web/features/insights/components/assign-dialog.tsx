import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { useMembers } from '@/lib/team/get-members';
import type { InsightDialogProps } from './use-insight-patch';
import { displayName } from '@common/display-name';

const assignment = z.object({ owner: z.string(), due: z.string() });

/** Give an opportunity an owner (a member of the workspace) and a due date. */
export function AssignDialog({ insight, open, onOpenChange, patch }: InsightDialogProps) {
  const members = useMembers();
  const form = useForm<z.infer<typeof assignment>>({
    resolver: zodResolver(assignment),
    defaultValues: { owner: insight.owner?.id ?? '', due: insight.dueDate ?? '' },
  });

  return (
    <FormDialog
      className="max-w-md"
      open={open}
      onOpenChange={onOpenChange}
      title="Assign this opportunity"
      description={<>Who follows “{insight.title}” through, and by when.</>}
      submitLabel="Save"
      pending={patch.pending}
      onSubmit={form.handleSubmit(({ owner, due }) =>
        patch.run({ ownerUserId: owner || null, dueDate: due || null }, 'Assignment saved', () =>
          onOpenChange(false),
        ),
      )}
    >
      <FormField label="Owner">
        <OptionsSelect
          {...form.register('owner')}
          disabled={members.isPending}
          emptyLabel="No owner"
          options={(members.data ?? []).map((m) => ({ value: m.userId, label: displayName(m) }))}
        />
      </FormField>
      <FormField label="Due date" hint="Leave empty for no due date.">
        <Input type="date" {...form.register('due')} />
      </FormField>
    </FormDialog>
  );
}
