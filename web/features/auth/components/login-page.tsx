import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { loginBody, type LoginBody } from '@common/contracts/auth';
import { SSO_ERROR_MESSAGES, type SsoErrorCode } from '@common/contracts/sso';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SsoSignIn } from '@/components/sso-sign-in';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '@/lib/auth/login';
import { AuthHeading } from '@/components/auth-heading';

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
  // A failed single sign-on comes back here with its reason; a password refused for SSO says the same.
  const ssoError = params.get('sso_error');
  const ssoMessage =
    ssoError && ssoError in SSO_ERROR_MESSAGES
      ? SSO_ERROR_MESSAGES[ssoError as SsoErrorCode]
      : login.error instanceof ApiError && login.error.data?.code === 'sso_required'
        ? SSO_ERROR_MESSAGES.sso_required
        : null;
  const registerHref = next ? `/auth/register?next=${encodeURIComponent(next)}` : '/auth/register';

  return (
    <>
      <AuthHeading title="Sign in to Stackwise">Welcome back. Pick up where you left off.</AuthHeading>
      {ssoMessage && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm"
        >
          {ssoMessage}
        </p>
      )}
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
      <div className="my-4 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <SsoSignIn typedEmail={() => form.getValues('email')} next={next} />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        New to Stackwise?{' '}
        <Link to={registerHref} className="font-medium text-primary hover:underline">
          Create an account
        </Link>
      </p>
    </>
  );
}
