import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { useMembers } from '@/features/team';
import { InsightDialogForm } from './insight-dialog-form';
import type { InsightDialogProps } from './use-insight-patch';
import { displayName } from '@common/display-name';

/** Give an opportunity an owner (a member of the workspace) and a due date. */
export function AssignDialog({ insight, open, onOpenChange, patch }: InsightDialogProps) {
  const members = useMembers();
  const [owner, setOwner] = useState(insight.owner?.id ?? '');
  const [due, setDue] = useState(insight.dueDate ?? '');

  return (
    <InsightDialogForm
      open={open}
      onOpenChange={onOpenChange}
      title="Assign this opportunity"
      description={<>Who follows “{insight.title}” through, and by when.</>}
      submitLabel="Save"
      pending={patch.pending}
      onSubmit={() =>
        patch.run({ ownerUserId: owner || null, dueDate: due || null }, 'Assignment saved', () =>
          onOpenChange(false),
        )
      }
    >
      <FormField label="Owner">
        <NativeSelect value={owner} onChange={(e) => setOwner(e.target.value)} disabled={members.isPending}>
          <option value="">No owner</option>
          {(members.data ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {displayName(m)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Due date" hint="Leave empty for no due date.">
        <Input type="date" value={due} onChange={(e) => setDue(e.target.value)} />
      </FormField>
    </InsightDialogForm>
  );
}
