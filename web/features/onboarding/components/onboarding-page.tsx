import { LogOut } from 'lucide-react';
import { Navigate } from 'react-router';
import { ONBOARDING_PHASES } from '@common/onboarding';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { Logo } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { useCurrentUser } from '@/lib/auth/get-user';
import { useLogout } from '@/lib/auth/logout';
import { AppsStep } from './apps-step';
import { OnboardingProgress } from './onboarding-progress';
import { ProfileStep } from './profile-step';
import { WorkspaceStep } from './workspace-step';

/** /onboarding: one step per phase (profile → workspace → apps), then the dashboard. */
export function OnboardingPage() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  if (!user) return <FullScreenSpinner />;
  if (user.onboardingPhase === 'completed') return <Navigate to="/app" replace />;
  const current = ONBOARDING_PHASES.indexOf(user.onboardingPhase);

  return (
    <div className="relative min-h-dvh overflow-hidden bg-background">
      <div className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" />
      <header className="relative mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={() => logout.mutate()}>
            <LogOut />
            Sign out
          </Button>
        </div>
      </header>
      <main className="relative mx-auto grid max-w-2xl gap-8 px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
        <OnboardingProgress current={current} />
        <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">
          {user.onboardingPhase === 'profile' && <ProfileStep user={user} />}
          {user.onboardingPhase === 'workspace' && <WorkspaceStep />}
          {user.onboardingPhase === 'apps' && <AppsStep />}
        </div>
        <p className="text-center text-xs text-muted-foreground">Signed in as {user.email}</p>
      </main>
    </div>
  );
}
