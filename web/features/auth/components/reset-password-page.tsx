import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { resetPasswordBody } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from '@/components/auth-heading';

const schema = z
  .object({ password: resetPasswordBody.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
type Values = z.infer<typeof schema>;

/** /reset-password?token=… — sets a new password from an emailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenValid = resetPasswordBody.shape.token.safeParse(token).success;
  const reset = useResetPassword();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    reset.mutate(
      { token, password: values.password },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not reset password',
            description: errorMessage(error),
          }),
      },
    ),
  );

  if (!tokenValid) {
    return (
      <div className="grid gap-4 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <LinkIcon className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">This reset link is incomplete</h1>
        <p className="text-sm text-muted-foreground">
          Open the link from the email again, or ask for a new one.
        </p>
        <Button asChild className="mt-2">
          <Link to="/forgot-password">Request a new link</Link>
        </Button>
      </div>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="grid gap-4 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
          <CircleCheck className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Password updated</h1>
        <p className="text-sm text-muted-foreground">Sign in with your new password.</p>
        <Button asChild className="mt-2">
          <Link to="/auth/login">Sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <>
      <AuthHeading title="Choose a new password">
        At least 8 characters. Choose one you do not use elsewhere.
      </AuthHeading>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label="New password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" autoFocus {...form.register('password')} />
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
          Set new password
        </Button>
        {reset.isError && (
          <p className="text-center text-sm text-muted-foreground">
            Link expired?{' '}
            <Link to="/forgot-password" className="font-medium text-primary hover:underline">
              Request a new one
            </Link>
          </p>
        )}
      </form>
    </>
  );
}
