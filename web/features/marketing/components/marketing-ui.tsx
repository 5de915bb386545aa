import { ArrowRight, Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function Section({
  className,
  children,
  id,
}: {
  className?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section id={id} className={cn('mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24', className)}>
      {children}
    </section>
  );
}

export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="text-sm font-semibold tracking-wide text-primary">{children}</p>;
}

export function SectionHeading({
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={cn('grid max-w-3xl gap-3', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
      <h2 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h2>
      {children && <p className="text-base text-muted-foreground sm:text-lg">{children}</p>}
    </div>
  );
}

/** The hero at the top of every content page. */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden border-b">
      <div className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" />
      <div className="pointer-events-none absolute left-1/2 top-0 h-64 w-[40rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />
      <div className="relative mx-auto grid max-w-4xl gap-5 px-4 py-16 text-center sm:px-6 sm:py-24">
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children && (
          <p className="mx-auto max-w-2xl text-base text-muted-foreground text-balance sm:text-lg">
            {children}
          </p>
        )}
        {actions && <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>}
      </div>
    </div>
  );
}

export function FeatureCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="group relative rounded-xl border bg-card p-6 transition-colors hover:border-primary/40">
      <span className="flex size-10 items-center justify-center rounded-lg border bg-background text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className="mt-4 text-base font-semibold">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{children}</p>
    </div>
  );
}

export function CheckList({ items, className }: { items: ReactNode[]; className?: string }) {
  return (
    <ul className={cn('grid gap-3', className)}>
      {items.map((item, index) => (
        <li key={index} className="flex items-start gap-3 text-sm sm:text-base">
          <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
            <Check className="size-3" aria-hidden />
          </span>
          <span className="text-muted-foreground">{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A two-column block: copy on one side, an illustration on the other. */
export function SplitFeature({
  eyebrow,
  title,
  children,
  visual,
  reverse,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
  visual: ReactNode;
  reverse?: boolean;
}) {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
      <div className={cn('grid gap-4', reverse && 'lg:order-2')}>
        <Eyebrow>{eyebrow}</Eyebrow>
        <h3 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h3>
        <div className="grid gap-4 text-muted-foreground">{children}</div>
      </div>
      <div className={cn('min-w-0', reverse && 'lg:order-1')}>{visual}</div>
    </div>
  );
}

/** The main call to action: create an account (Starter is free). */
export function SignUpButton({ children = 'Start free' }: { children?: ReactNode }) {
  return (
    <Button size="lg" asChild>
      <Link to="/auth/register">
        {children}
        <ArrowRight />
      </Link>
    </Button>
  );
}

export function RequestDemoButton() {
  return (
    <Button size="lg" variant="outline" asChild>
      <Link to="/request-demo">Request a demo</Link>
    </Button>
  );
}

export function CtaBand({
  title = 'See where your software money goes',
  text = 'Start free on Starter, or try Growth free for 14 days. No credit card needed.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <Section className="py-16 sm:py-20">
      <div className="relative overflow-hidden rounded-2xl border bg-card px-6 py-12 text-center sm:px-12 sm:py-16">
        <div className="pointer-events-none absolute -left-20 -top-24 size-72 rounded-full bg-primary/20 blur-3xl" />
        <div className="pointer-events-none absolute -bottom-24 -right-20 size-72 rounded-full bg-violet-500/15 blur-3xl" />
        <div className="relative grid gap-4">
          <h2 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h2>
          <p className="mx-auto max-w-xl text-muted-foreground">{text}</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <SignUpButton />
            <RequestDemoButton />
          </div>
        </div>
      </div>
    </Section>
  );
}

/** Long-form text (legal pages, the trends article). */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'grid gap-5 text-[15px] leading-7 text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a:hover]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground [&_h3]:mt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-foreground [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_strong]:text-foreground [&_ul]:grid [&_ul]:gap-2',
        className,
      )}
    >
      {children}
    </div>
  );
}
