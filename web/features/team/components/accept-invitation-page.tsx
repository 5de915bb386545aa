import { MailX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROLE_LABELS } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { AuthHeading } from '@/components/auth-heading';
import { useCurrentUser } from '@/lib/auth/get-user';
import { useLogout } from '@/lib/auth/logout';
import { errorMessage } from '@/lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/get-invitation-preview';
import { InviteRegisterForm, InviteSignInForm } from './invite-auth-forms';

function Unusable({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <div className="grid gap-4 text-center">
      <MailX className="mx-auto size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">This invitation cannot be used</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button asChild variant="outline">
        <Link to={signedIn ? '/app' : '/auth/login'}>{signedIn ? 'Open Stackwise' : 'Sign in'}</Link>
      </Button>
    </div>
  );
}

/**
 * /invite/accept?token=…: shows who invites whom to what, then joins — signed in with the invited
 * address: one click; signed out: register (address locked) or sign in, then joins at once.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const { data: user } = useCurrentUser();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'register' | 'login' | null>(null);

  if (!token)
    return (
      <Unusable
        message="The link is incomplete. Open it again from the invitation e-mail."
        signedIn={Boolean(user)}
      />
    );
  if (preview.isPending) return <Spinner />;
  if (preview.isError) return <Unusable message={errorMessage(preview.error)} signedIn={Boolean(user)} />;

  const invitation = preview.data;
  const join = () =>
    accept.mutate(token, {
      onSuccess: (result) => {
        toast({ variant: 'success', title: `Welcome to ${result.organizationName}!` });
        navigate('/app', { replace: true });
      },
      onError: (error) => toastError('Could not accept the invitation', error),
    });
  const sameAddress = user && user.email.toLowerCase() === invitation.email.toLowerCase();
  const shownMode = mode ?? (invitation.hasAccount ? 'login' : 'register');

  return (
    <>
      <AuthHeading title={`Join ${invitation.organizationName}`}>
        {invitation.inviterName} invited <strong className="text-foreground">{invitation.email}</strong> to
        join {invitation.organizationName} on Stackwise as {invitation.role === 'admin' ? 'an' : 'a'}{' '}
        {ROLE_LABELS[invitation.role].toLowerCase()}.
      </AuthHeading>
      {sameAddress ? (
        <Button size="lg" className="w-full" disabled={accept.isPending} onClick={join}>
          {accept.isPending ? 'Joining…' : 'Accept invitation'}
        </Button>
      ) : user ? (
        <div className="grid gap-4">
          <p className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            You are signed in as {user.email}. This invitation is for {invitation.email}: sign out, then sign
            in or create an account with that address.
          </p>
          <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
            Sign out
          </Button>
        </div>
      ) : shownMode === 'register' ? (
        <InviteRegisterForm invitation={invitation} onSignedIn={join} onSwitch={() => setMode('login')} />
      ) : (
        <InviteSignInForm invitation={invitation} onSignedIn={join} onSwitch={() => setMode('register')} />
      )}
    </>
  );
}
