import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordBody, registerBody } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useChangePassword } from '@/lib/auth/change-password';
import { useUpdateProfile } from '@/lib/auth/update-profile';
import { useCurrentUser } from '@/lib/auth/get-user';

const profileSchema = z.object({
  firstName: registerBody.shape.firstName,
  lastName: registerBody.shape.lastName,
  jobTitle: z.string().trim().max(100, 'At most 100 characters'),
});
type ProfileValues = z.infer<typeof profileSchema>;

const passwordSchema = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type PasswordValues = z.infer<typeof passwordSchema>;

function ProfileForm() {
  const { data: user } = useCurrentUser();
  const update = useUpdateProfile();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      jobTitle: user?.jobTitle ?? '',
    },
  });
  const { isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(
      { firstName: values.firstName, lastName: values.lastName, jobTitle: values.jobTitle || null },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Profile updated' }),
        onError: (error) => toastError('Could not update profile', error),
      },
    ),
  );

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>Profile</CardTitle>
          <CardDescription>How you appear to your team.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormInput form={form} name="firstName" label="First name" autoComplete="given-name" />
            <FormInput form={form} name="lastName" label="Last name" autoComplete="family-name" />
          </div>
          <FormInput
            form={form}
            name="jobTitle"
            label="Job title"
            hint="Optional, e.g. Finance Manager"
            autoComplete="organization-title"
          />
          <FormField label="Email" hint="Your sign-in address. Contact support to change it.">
            <Input value={user?.email ?? ''} readOnly disabled />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={!isDirty || update.isPending}>
            Save changes
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({
            variant: 'success',
            title: 'Password changed',
            description: 'Use it the next time you sign in.',
          });
        },
        onError: (error) => toastError('Could not change password', error),
      },
    ),
  );

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>At least 8 characters. Choose one you do not use elsewhere.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:max-w-md">
          <FormInput
            form={form}
            name="currentPassword"
            label="Current password"
            password
            autoComplete="current-password"
          />
          <FormInput
            form={form}
            name="newPassword"
            label="New password"
            password
            autoComplete="new-password"
          />
          <FormInput
            form={form}
            name="confirmPassword"
            label="Confirm new password"
            password
            autoComplete="new-password"
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            Change password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function ProfileTab() {
  return (
    <div className="grid gap-6">
      <ProfileForm />
      <PasswordForm />
    </div>
  );
}
