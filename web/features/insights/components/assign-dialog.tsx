import { useState } from 'react';
import type { Insight } from '@common/contracts/insights';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { useMembers } from '@/features/team';
import type { InsightPatch } from './use-insight-patch';

/** Give an opportunity an owner (a member of the workspace) and a due date. */
export function AssignDialog({
  insight,
  open,
  onOpenChange,
  patch,
}: {
  insight: Insight;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  patch: InsightPatch;
}) {
  const members = useMembers();
  const [owner, setOwner] = useState(insight.owner?.id ?? '');
  const [due, setDue] = useState(insight.dueDate ?? '');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Assign this opportunity</DialogTitle>
          <DialogDescription>Who follows “{insight.title}” through, and by when.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            patch.run({ ownerUserId: owner || null, dueDate: due || null }, 'Assignment saved', () => onOpenChange(false));
          }}
        >
          <FormField label="Owner">
            <NativeSelect value={owner} onChange={(e) => setOwner(e.target.value)} disabled={members.isPending}>
              <option value="">No owner</option>
              {(members.data ?? []).map((m) => (
                <option key={m.userId} value={m.userId}>
                  {`${m.firstName} ${m.lastName}`.trim() || m.email}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Due date" hint="Leave empty for no due date.">
            <Input type="date" value={due} onChange={(e) => setDue(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={patch.pending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
