import { lazy, Suspense, useState } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useCurrentUser } from '@/lib/auth/get-user';
import type * as ItemsModule from './user-menu-items';
import { displayName } from '@common/display-name';

// The content loads when the trigger is pointed at or focused; once it has, the menu renders it at
// once, so opening from the keyboard lands on the first item as before.
let loaded: typeof ItemsModule | undefined;
const loadItems = () => import('./user-menu-items').then((m) => (loaded = m));
const LazyUserMenuItems = lazy(() => loadItems().then((m) => ({ default: m.UserMenuItems })));

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
  const [, setItemsLoaded] = useState(Boolean(loaded));
  const preloadItems = () => void loadItems().then(() => setItemsLoaded(true));
  if (!user) return null;
  const name = displayName(user);
  const UserMenuItems = loaded?.UserMenuItems ?? LazyUserMenuItems;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-indigo-400 to-violet-600 text-xs font-semibold text-white ring-offset-background transition hover:opacity-90"
        aria-label="Open user menu"
        onPointerEnter={preloadItems}
        onFocus={preloadItems}
      >
        {initials(user.firstName, user.lastName, user.email)}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <Suspense fallback={null}>
          <UserMenuItems name={name} email={user.email} />
        </Suspense>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
