import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { loginBody, type LoginBody } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin } from '../api/login';
import { AuthHeading } from './auth-heading';

/** /auth/login — on success the session gate sends the user on (to `next`, onboarding or /app). */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const login = useLogin();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => login.mutate(values));
  const registerHref = next ? `/auth/register?next=${encodeURIComponent(next)}` : '/auth/register';

  return (
    <>
      <AuthHeading title="Sign in to Stackwise">Welcome back. Pick up where you left off.</AuthHeading>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          aside={
            <Link to="/forgot-password" className="text-xs font-medium text-primary hover:underline">
              Forgot password?
            </Link>
          }
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        New to Stackwise?{' '}
        <Link to={registerHref} className="font-medium text-primary hover:underline">
          Create an account
        </Link>
      </p>
    </>
  );
}
