import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginBody, registerBody, type LoginBody, type RegisterBody } from '@common/contracts/auth';
import type { InvitationPreview } from '@common/contracts/team';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { useLogin } from '@/lib/auth/login';
import { useRegister } from '@/lib/auth/register';

// Sign-up and sign-in on the accept page: the invited address is filled in and locked, and the
// page accepts the invitation as soon as the session exists.

interface FormProps {
  invitation: InvitationPreview;
  /** Called once signed in; the page accepts the invitation then. */
  onSignedIn: () => void;
  onSwitch: () => void;
}

/**
 * True once signed in. A promise, not mutate's onSuccess: signing in re-renders the page without
 * this form, and callbacks of an unmounted mutation observer never run. Failures are toasted by
 * the auth hooks.
 */
async function settled(signIn: Promise<unknown>): Promise<boolean> {
  try {
    await signIn;
    return true;
  } catch {
    return false;
  }
}

function LockedEmail({ email }: { email: string }) {
  return (
    <FormField label="Email" hint="Invitations are tied to the address they were sent to.">
      <Input type="email" value={email} readOnly aria-readonly="true" className="bg-muted/50" />
    </FormField>
  );
}

export function InviteRegisterForm({ invitation, onSignedIn, onSwitch }: FormProps) {
  const register = useRegister();
  const form = useForm<RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: {
      email: invitation.email,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      password: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    if (await settled(register.mutateAsync({ ...values, email: invitation.email }))) onSignedIn();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput form={form} name="firstName" label="First name" autoComplete="given-name" />
        <FormInput form={form} name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <LockedEmail email={invitation.email} />
      <FormInput
        form={form}
        name="password"
        label="Password"
        hint="At least 8 characters."
        password
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account…' : 'Create account and join'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <button type="button" className="font-medium text-primary hover:underline" onClick={onSwitch}>
          Sign in
        </button>
      </p>
    </form>
  );
}

export function InviteSignInForm({ invitation, onSignedIn, onSwitch }: FormProps) {
  const login = useLogin();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: invitation.email, password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    if (await settled(login.mutateAsync({ ...values, email: invitation.email }))) onSignedIn();
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <LockedEmail email={invitation.email} />
      <FormField
        label="Password"
        error={errors.password?.message}
        aside={
          <Link to="/forgot-password" className="text-xs font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        }
      >
        <PasswordInput autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign in and join'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        No account yet?{' '}
        <button type="button" className="font-medium text-primary hover:underline" onClick={onSwitch}>
          Create one
        </button>
      </p>
    </form>
  );
}
