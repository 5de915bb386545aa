import { BookOpen, Code2, ExternalLink, Keyboard, LifeBuoy, ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PopoverClose } from '@/components/ui/popover';

function HelpLink({
  to,
  external,
  icon,
  title,
  text,
}: {
  to: string;
  external?: boolean;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  const body = (
    <>
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-4">{icon}</span>
      <span className="grid gap-0.5">
        <span className="flex items-center gap-1 text-sm font-medium">
          {title}
          {external && <ExternalLink className="size-3 text-muted-foreground" aria-hidden />}
        </span>
        <span className="text-xs text-muted-foreground">{text}</span>
      </span>
    </>
  );
  const className = 'flex gap-3 rounded-md px-3 py-2.5 transition-colors hover:bg-accent';
  return (
    <PopoverClose asChild>
      {external ? (
        <a href={to} target="_blank" rel="noreferrer" className={className}>
          {body}
        </a>
      ) : (
        <Link to={to} className={className}>
          {body}
        </Link>
      )}
    </PopoverClose>
  );
}

/** The help panel's content: loaded when the panel first opens. */
export function HelpLinks() {
  return (
    <>
      <div className="px-3 pb-2 pt-1.5">
        <h2 className="text-sm font-semibold">Help &amp; resources</h2>
        <p className="text-xs text-muted-foreground">Answers, guides and ways to reach us.</p>
      </div>
      <nav className="grid" aria-label="Help">
        <HelpLink
          to="/support"
          icon={<LifeBuoy />}
          title="Support center"
          text="FAQ and a form that reaches our team."
        />
        <HelpLink
          to="/app/setup"
          icon={<ListChecks />}
          title="Setup guide"
          text="Six steps to a complete workspace."
        />
        <HelpLink
          to="/api/docs"
          external
          icon={<Code2 />}
          title="API documentation"
          text="Every endpoint, with request and response shapes."
        />
        <HelpLink
          to="/saas-trends-2025"
          icon={<BookOpen />}
          title="SaaS trends 2025"
          text="What is changing in software pricing."
        />
      </nav>
      <div className="mt-1 flex items-center gap-2 border-t px-3 pb-1 pt-2.5 text-xs text-muted-foreground">
        <Keyboard className="size-3.5" aria-hidden />
        Press <kbd className="rounded border bg-muted px-1 font-mono">F8</kbd> to jump to the latest message.
      </div>
    </>
  );
}
