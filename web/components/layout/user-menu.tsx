import { LogOut, Moon, Network, Settings, Store, Sun, UserRound, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCurrentUser, useLogout } from '@/features/auth';
import { OrganizationSwitcher } from '@/features/organizations';
import { useTheme } from '@/lib/theme';

export function initials(firstName?: string, lastName?: string, email?: string): string {
  const letters = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.trim();
  return (letters || email?.[0] || '?').toUpperCase();
}

/**
 * Name, email, Settings, Profile, theme and Log out (which returns to /) — spec §2 — and the
 * screens the spec's sidebar has no room for: Team, Vendors, Team tools.
 */
export function UserMenu() {
  const { data: user } = useCurrentUser();
  const { theme, toggleTheme } = useTheme();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-indigo-400 to-violet-600 text-xs font-semibold text-white ring-offset-background transition hover:opacity-90"
        aria-label="Open user menu"
      >
        {initials(user.firstName, user.lastName, user.email)}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate font-medium">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <OrganizationSwitcher />
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/app/settings')}>
          <Settings />
          Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/settings/profile')}>
          <UserRound />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/team')}>
          <Users />
          Team
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/vendors')}>
          <Store />
          Vendors
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/app/team-tools')}>
          <Network />
          Team tools
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={(event) => {
            event.preventDefault();
            toggleTheme();
          }}
        >
          {theme === 'dark' ? <Sun /> : <Moon />}
          {theme === 'dark' ? 'Light mode' : 'Dark mode'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
