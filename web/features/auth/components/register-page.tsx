import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { registerBody, type RegisterBody } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useRegister } from '@/lib/auth/register';
import { AuthHeading } from '@/components/auth-heading';

/** /auth/register — creates the account; onboarding follows. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const register = useRegister();
  const form = useForm<RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => register.mutate(values));
  const loginHref = next ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login';

  return (
    <>
      <AuthHeading title="Create your account">Free on the Starter plan. No credit card needed.</AuthHeading>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" autoFocus {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
        </div>
        <FormField label="Work email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={loginHref} className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
