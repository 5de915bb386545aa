import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

/** Spec §5: email required and well-formed; names optional; the role sent is always member. */
export const inviteFormSchema = z.object({
  email: emailSchema,
  firstName: z.string().trim().max(100, 'At most 100 characters'),
  lastName: z.string().trim().max(100, 'At most 100 characters'),
});
export type InviteFormValues = z.infer<typeof inviteFormSchema>;
export type InvitationPayload = InviteFormValues & { role: 'member' };

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the invitation; the dialog closes when it resolves. The team feature supplies this. */
  onInvite?: (payload: InvitationPayload) => Promise<void>;
}

const EMPTY: InviteFormValues = { email: '', firstName: '', lastName: '' };

export function InviteDialog({ open, onOpenChange, onInvite }: InviteDialogProps) {
  const form = useForm<InviteFormValues>({ resolver: zodResolver(inviteFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) form.reset(EMPTY);
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    const payload: InvitationPayload = { ...values, role: 'member' };
    if (!onInvite) {
      toast({
        title: 'Invitations are not enabled yet',
        description: `Team invitations open with team management; ${payload.email} was not sent anything.`,
      });
      return;
    }
    await onInvite(payload);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Invite a team member</DialogTitle>
          <DialogDescription>
            They will get an email with a link to join your workspace as a member.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="off"
              placeholder="colleague@company.com"
              {...form.register('email')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name (optional)" error={errors.firstName?.message}>
              <Input autoComplete="off" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last name (optional)" error={errors.lastName?.message}>
              <Input autoComplete="off" {...form.register('lastName')} />
            </FormField>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
