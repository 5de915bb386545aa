import { Building2, Check } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ROLE_LABELS } from '@common/roles';
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { useOrganizations } from '@/lib/organizations/get-organizations';
import { useSwitchOrganization } from '../api/switch-organization';

/**
 * The user-menu section listing the user's organizations (only when there are several); picking
 * one makes it the session's current organization and reloads every screen's data.
 */
export function OrganizationSwitcher() {
  const { data: organizations } = useOrganizations();
  const switchOrganization = useSwitchOrganization();
  const navigate = useNavigate();
  if (!organizations || organizations.length < 2) return null;
  const [current] = organizations;

  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
        Organizations
      </DropdownMenuLabel>
      {organizations.map((org) => (
        <DropdownMenuItem
          key={org.id}
          disabled={switchOrganization.isPending}
          aria-current={org.id === current.id ? 'true' : undefined}
          onSelect={() => {
            if (org.id === current.id) return;
            // A promise, not mutate callbacks: the menu (and this item) unmounts as soon as it closes.
            switchOrganization
              .mutateAsync(org.id)
              .then(() => {
                navigate('/app');
                toast({ title: `Switched to ${org.name}` });
              })
              .catch((error: unknown) => toastError('Could not switch', error));
          }}
        >
          <Building2 />
          <span className="grid min-w-0 flex-1">
            <span className="truncate">{org.name}</span>
            <span className="text-xs text-muted-foreground">{ROLE_LABELS[org.role]}</span>
          </span>
          {org.id === current.id && <Check className="text-primary" aria-label="Current organization" />}
        </DropdownMenuItem>
      ))}
    </>
  );
}
