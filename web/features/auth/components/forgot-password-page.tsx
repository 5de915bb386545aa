import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordBody } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthHeading } from '@/components/auth-heading';

type Values = z.infer<typeof forgotPasswordBody>;

/** /forgot-password — asks for a reset link; the answer never reveals whether the address has an account. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm<Values>({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not send the link', description: errorMessage(error) }),
    }),
  );

  if (request.isSuccess) {
    return (
      <div className="grid gap-4 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck className="size-6" aria-hidden />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Check your email</h1>
        <p className="text-sm text-muted-foreground">
          If an account exists for{' '}
          <span className="font-medium text-foreground">{request.variables.email}</span>, a link to reset its
          password is on its way. The link expires in one hour.
        </p>
        <Button variant="outline" asChild className="mt-2">
          <Link to="/auth/login">Back to sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <>
      <AuthHeading title="Reset your password">
        Enter the email you sign in with and we will send you a reset link.
      </AuthHeading>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={request.isPending}>
          Send reset link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to="/auth/login" className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
