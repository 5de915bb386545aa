import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { inviteFormSchema, type InviteBody } from '@common/contracts/team';
import { INVITABLE_ROLES, ROLE_LABELS } from '@common/roles';
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
import { FormInput } from '@/components/ui/form-input';
import { NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, fieldErrors } from '@/lib/api-client';
import { useCreateInvitation } from '../api/create-invitation';
import { ROLE_DESCRIPTIONS } from '../role-descriptions';
import { InviteLinkDialog, needsLink, type LinkOnlyInvitation } from './invite-link-dialog';

const formSchema = inviteFormSchema.extend({ role: z.enum(INVITABLE_ROLES) });
type FormValues = z.infer<typeof formSchema>;
const EMPTY: FormValues = { email: '', firstName: '', lastName: '', role: 'member' };
const FORM_FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;

export interface InviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** /app/team lets owners and admins pick the role; the top-bar dialog always sends member (spec §5). */
  chooseRole?: boolean;
}

/** The server's message for the 'Error' toast, else 'Failed to send invitation' (spec §8). */
function failureMessage(error: unknown): string {
  const message = error instanceof ApiError ? error.data?.message : undefined;
  return typeof message === 'string' && message.trim() ? message : 'Failed to send invitation';
}

/** Invite a team member: validation of spec §5, toasts of spec §7/§8, upgrade on a full plan. */
export function InviteDialog({ open, onOpenChange, chooseRole = false }: InviteDialogProps) {
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const create = useCreateInvitation();
  const [linkOnly, setLinkOnly] = useState<LinkOnlyInvitation | null>(null);

  useEffect(() => {
    if (!open) form.reset(EMPTY);
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    const payload: InviteBody = { ...values, role: chooseRole ? values.role : 'member' };
    try {
      const sent = await create.mutateAsync(payload);
      // Without e-mail on the server, the spec's toast would claim a mail that never leaves.
      if (needsLink(sent)) setLinkOnly(sent);
      else
        toast({
          variant: 'success',
          title: 'Invitation Sent!',
          description: 'An invitation email has been sent to the new member.',
        });
      onOpenChange(false);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: failureMessage(error) });
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if ((FORM_FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FORM_FIELDS)[number], { message });
        }
      }
      // The upgrade dialog itself opens from billing's one plan-error hook (UpgradeProvider).
      if (error instanceof ApiError && error.data?.code === 'plan_limit') onOpenChange(false);
    }
  });

  const role = form.watch('role');
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Invite a team member</DialogTitle>
            <DialogDescription>
              {chooseRole
                ? 'They will get an email with a link to join your workspace. The link works once and expires in 7 days.'
                : 'They will get an email with a link to join your workspace as a member.'}
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormInput
              form={form}
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              placeholder="colleague@company.com"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormInput form={form} name="firstName" label="First name (optional)" autoComplete="off" />
              <FormInput form={form} name="lastName" label="Last name (optional)" autoComplete="off" />
            </div>
            {chooseRole && (
              <FormField label="Role" error={errors.role?.message} hint={ROLE_DESCRIPTIONS[role]}>
                <NativeSelect {...form.register('role')}>
                  {INVITABLE_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Sending…' : 'Send invitation'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <InviteLinkDialog sent={linkOnly} onClose={() => setLinkOnly(null)} />
    </>
  );
}
