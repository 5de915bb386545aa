import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '@common/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage, throwIfNotOk } from '@/lib/api-client';
import { browser } from '@/lib/browser';

/** Where single sign-on starts for this address; `next` (an /app path) is where it lands after. */
export function ssoStartUrl(email: string, next: string | null): string {
  const params = new URLSearchParams({ email });
  if (next) params.set('returnTo', next);
  return `/api/auth/sso/start?${params.toString()}`;
}

const askedEmail = z.object({ email: emailSchema });

/**
 * "Continue with SSO" on the login page: uses the e-mail typed above or asks for it, checks that
 * single sign-on is set up for its domain (the start answers 404 with the reason otherwise), then
 * leaves for the identity provider.
 */
export function SsoSignIn({ typedEmail, next }: { typedEmail: () => string; next: string | null }) {
  const [asking, setAsking] = useState(false);
  const form = useForm<z.input<typeof askedEmail>, unknown, z.output<typeof askedEmail>>({
    resolver: zodResolver(askedEmail),
    defaultValues: { email: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const go = async (address: string) => {
    setError(null);
    setPending(true);
    const url = ssoStartUrl(address.trim(), next);
    try {
      // Not followed: a redirect means the start found the organization; the page then goes itself.
      const response = await fetch(url, { redirect: 'manual', credentials: 'include' });
      if (response.type !== 'opaqueredirect') await throwIfNotOk(response);
      browser.go(url);
    } catch (e) {
      setError(e instanceof ApiError ? errorMessage(e) : 'Could not reach single sign-on. Please try again.');
      setPending(false);
    }
  };

  const onContinue = () => {
    const typed = typedEmail();
    if (emailSchema.safeParse(typed).success) void go(typed);
    else setAsking(true);
  };
  const onSubmit = form.handleSubmit((values) => go(values.email));

  if (asking) {
    return (
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Single sign-on">
        <FormField label="Work email" error={form.formState.errors.email?.message ?? error ?? undefined}>
          <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
        </FormField>
        <Button type="submit" variant="outline" className="w-full" disabled={pending}>
          <KeyRound /> {pending ? 'Redirecting…' : 'Continue with SSO'}
        </Button>
      </form>
    );
  }
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={pending}
        onClick={onContinue}
      >
        <KeyRound /> {pending ? 'Redirecting…' : 'Continue with SSO'}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
