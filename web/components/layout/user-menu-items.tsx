import { LogOut, Moon, Network, Settings, Store, Sun, UserRound, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { useLogout } from '@/lib/auth/logout';
import { OrganizationSwitcher } from '@/features/organizations';
import { useTheme } from '@/lib/theme';

/** The user menu's content: loaded when the menu's trigger is first pointed at, focused or used. */
export function UserMenuItems({ name, email }: { name: string; email: string }) {
  const { theme, toggleTheme } = useTheme();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <>
      <DropdownMenuLabel className="grid gap-0.5">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs font-normal text-muted-foreground">{email}</span>
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
    </>
  );
}
