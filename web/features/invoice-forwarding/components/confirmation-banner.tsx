import { ExternalLink, MailCheck } from 'lucide-react';
import type { InvoiceForwardingWire } from '@common/contracts/invoice-forwarding';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { formatRelative } from '@/lib/format';

type Confirmation = NonNullable<InvoiceForwardingWire['pendingConfirmation']>;

const PROVIDERS: Record<Confirmation['provider'], string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  other: 'Your mail provider',
};

/** The link only when it is a web address: it comes from a received e-mail, so never `javascript:`. */
function webLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Gmail (or Outlook) sent a "confirm forwarding" message to the address: finish the setup here. */
export function ConfirmationBanner({ confirmation }: { confirmation: Confirmation }) {
  const provider = PROVIDERS[confirmation.provider];
  const link = webLink(confirmation.link);
  return (
    <section
      role="region"
      aria-label="Forwarding confirmation"
      className="grid gap-4 rounded-xl border-2 border-primary/60 bg-primary/5 p-5"
    >
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-1">
          <h3 className="font-semibold">{provider} asks you to confirm forwarding</h3>
          <p className="text-sm text-muted-foreground">
            Its confirmation message arrived {formatRelative(confirmation.receivedAt)} from{' '}
            {confirmation.from}. Forwarding starts once you confirm it
            {link && confirmation.code ? ' with the link or the code' : ''}.
          </p>
        </div>
      </div>
      {confirmation.code && (
        <div className="flex flex-wrap items-center gap-3">
          <code
            aria-label="Confirmation code"
            className="rounded-md bg-background px-3 py-1.5 font-mono text-2xl font-semibold tracking-widest"
          >
            {confirmation.code}
          </code>
          <CopyButton value={confirmation.code} what="Code" label="Copy code" />
        </div>
      )}
      {link && (
        <div>
          <Button asChild>
            <a href={link} target="_blank" rel="noopener noreferrer">
              <ExternalLink />
              Open confirmation link
            </a>
          </Button>
        </div>
      )}
    </section>
  );
}
