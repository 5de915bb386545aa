import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordBody, registerBody } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { useChangePassword } from '@/lib/auth/change-password';
import { useUpdateProfile } from '@/lib/auth/update-profile';
import { useCurrentUser } from '@/lib/auth/get-user';
import { errorMessage } from '@/lib/api-client';

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
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(
      { firstName: values.firstName, lastName: values.lastName, jobTitle: values.jobTitle || null },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Profile updated' }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not update profile',
            description: errorMessage(error),
          }),
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
            <FormField label="First name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField label="Job title" error={errors.jobTitle?.message} hint="Optional, e.g. Finance Manager">
            <Input autoComplete="organization-title" {...form.register('jobTitle')} />
          </FormField>
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
  const { errors } = form.formState;
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
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not change password',
            description: errorMessage(error),
          }),
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
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
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
