import { catalogInitials } from '@common/catalog/initials';
import { cn } from '@/lib/cn';

/** The catalogue logo when the application has one, else a lettered avatar. */
export function AppLogo({
  name,
  logoUrl,
  className,
}: {
  name: string;
  logoUrl: string | null;
  className?: string;
}) {
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        aria-hidden
        className={cn('size-7 shrink-0 rounded-md border bg-white p-1', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-md bg-muted text-[11px] font-semibold text-muted-foreground',
        className,
      )}
    >
      {catalogInitials(name) || '?'}
    </span>
  );
}
