import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage, isStatus } from '@/lib/api-client';

/** The "← Applications" link above a detail page, back to its list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden /> {label}
    </Link>
  );
}

/** What a detail page shows when its record could not be read: gone (404) or the error, and the way back. */
export function DetailLoadError({
  error,
  missing,
  backTo,
  backLabel,
}: {
  error: unknown;
  /** Said when the record does not exist (404). */
  missing: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="grid gap-3">
      <p role="alert" className="text-sm">
        {isStatus(error, 404) ? missing : errorMessage(error)}
      </p>
      <Link to={backTo} className="text-sm text-primary hover:underline">
        {backLabel}
      </Link>
    </div>
  );
}
