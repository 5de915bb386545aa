import { Download, ExternalLink, FileText } from 'lucide-react';
import type { InboundMessageDetailWire } from '@common/contracts/invoice-forwarding';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { originalUrl } from '../api/get-inbound-message';
import { formatSize } from './format';

/** What was received: links to the original and its .eml, the attachments and the text read. */
export function MessageOriginal({ message }: { message: InboundMessageDetailWire }) {
  return (
    <section aria-label="Original message" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Original message</h3>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={originalUrl(message.id)} target="_blank" rel="noopener noreferrer">
              <ExternalLink /> View original
            </a>
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={originalUrl(message.id, true)} download>
              <Download /> Download .eml
            </a>
          </Button>
        </div>
      </div>
      {message.attachments.length > 0 && (
        <ul aria-label="Attachments" className="grid gap-1 text-sm">
          {message.attachments.map((a, i) => (
            <li key={`${a.name}-${i}`} className="flex items-center gap-2">
              <FileText className="size-4 text-muted-foreground" aria-hidden />
              <span className="truncate">{a.name}</span>
              <span className="text-xs text-muted-foreground">
                {a.type} · {formatSize(a.size)}
              </span>
              {a.isInvoice && <Badge variant="secondary">Invoice</Badge>}
            </li>
          ))}
        </ul>
      )}
      {/* Plain text only: the server never sends HTML, and React escapes what it renders. */}
      <pre
        aria-label="Message text"
        className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 font-mono text-xs"
      >
        {message.text || '(no text)'}
      </pre>
    </section>
  );
}
