import { CheckList } from './marketing-ui';
import { DemoForm } from './contact-forms';

/** /request-demo: a validated form stored for the team. */
export function RequestDemoPage() {
  return (
    <div className="relative overflow-hidden">
      <div className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_top_left,black,transparent_60%)]" />
      <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <p className="text-sm font-semibold text-primary">Request a demo</p>
          <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            See Stackwise on a stack like yours
          </h1>
          <p className="text-lg text-muted-foreground">
            A 30-minute call with someone who knows SaaS spend. Bring your questions — and, if you like, a
            list of your tools.
          </p>
          <CheckList
            items={[
              'A walkthrough of renewals, licenses, expenses and budgets with realistic data',
              'How invoice forwarding and imports would work with your finance tools',
              'Which plan fits, and what a trial would look like for your team',
            ]}
          />
          <p className="text-sm text-muted-foreground">
            Prefer to explore on your own? The Starter plan is free, no card needed.
          </p>
        </div>
        <DemoForm />
      </div>
    </div>
  );
}
