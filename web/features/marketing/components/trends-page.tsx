import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CtaBand, Prose } from './marketing-ui';
import { BillingCycleChart, GrowthChart, ShelfwareChart } from './trends-charts';

function Figure({ title, caption, children }: { title: string; caption: ReactNode; children: ReactNode }) {
  return (
    <figure className="not-prose my-4 rounded-xl border bg-card p-4 sm:p-6">
      <p className="mb-4 text-sm font-semibold text-foreground">{title}</p>
      {children}
      <figcaption className="mt-3 text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}

/** /saas-trends-2025: an article with charts. Every chart is a worked example, labelled as such. */
export function TrendsPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <header className="mb-10 grid gap-4">
        <p className="text-sm font-semibold text-primary">Report · SaaS trends 2025</p>
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          Six shifts in how software is priced — and what finance teams should do about them
        </h1>
        <p className="text-lg text-muted-foreground">
          Seats are giving way to usage, AI features arrive as paid add-ons, and renewals are where most of
          the money is won or lost. A practical guide, with worked examples you can check yourself.
        </p>
        <p className="text-xs text-muted-foreground">By the Stackwise team · 9 minute read</p>
      </header>
      <Prose>
        <p>
          For most companies, software is now one of the largest costs after people and premises — and one of
          the least examined. It grows a few seats at a time, on dozens of cards and invoices, owned by nobody
          in particular. Here is what is changing in 2025 and how to stay ahead of it.
        </p>

        <h2>1. The bill grows with headcount — and a little faster</h2>
        <p>
          Every new employee needs a laptop, an email account and a handful of tools; every new team brings a
          few more. Even if nobody buys anything unusual, spend per employee tends to creep up as vendors
          raise prices and teams adopt specialist tools. The worked example below assumes spend per employee
          rises by about 5% a year while headcount grows from 50 to 230.
        </p>
        <Figure
          title="Worked example: yearly software spend as a company grows"
          caption="Illustrative model, not survey data: headcount from 50 to 230 with spend per employee rising from $1,100 to $1,330 a year."
        >
          <GrowthChart />
        </Figure>
        <p>
          The point is not the exact figures but the shape: the bill more than quintuples while headcount
          grows 4.6 times. If nobody owns the list, nobody notices until budget season.
        </p>

        <h2>2. Seats are giving way to usage and hybrid pricing</h2>
        <p>
          More vendors now charge for what you consume — API calls, credits, storage, tasks run — alone or on
          top of a seat price. Usage pricing can be fairer, but it is harder to forecast, and a single busy
          month can exceed a quarter’s budget.
        </p>
        <ul>
          <li>Record the pricing model of each application: per seat, flat or usage.</li>
          <li>
            For usage-priced tools, set a budget and an alert threshold rather than a fixed expected amount.
          </li>
          <li>Compare actual invoices with the expected amount every month, not once a year.</li>
        </ul>

        <h2>3. AI features arrive as add-ons</h2>
        <p>
          Many established tools now sell AI assistants as a separate per-seat add-on or a higher tier. Often
          a few people use them heavily and most not at all. Buy AI add-ons for the people who will use them,
          check usage after a quarter, and reclaim the rest before the next renewal.
        </p>

        <h2>4. Unused seats are still the easiest saving</h2>
        <p>
          Seats are bought for people who leave, change teams or simply stop logging in. The arithmetic is
          simple and unforgiving: a 100-seat tool at $20 per seat per month wastes $2,400 a year for every 10%
          of seats nobody uses.
        </p>
        <Figure
          title="What unused seats cost per year"
          caption="Arithmetic: 100 seats × $20 per seat per month × 12 months × share unused."
        >
          <ShelfwareChart />
        </Figure>
        <p>
          The fix is unglamorous: record who holds each seat, look at last activity before every renewal, and
          make offboarding include software as well as laptops.
        </p>

        <h2>5. Annual commitments: cheaper, if you are sure</h2>
        <p>
          Annual billing is commonly discounted compared with paying month to month — in the example below,
          $10 instead of $12 per seat. Paid up front for 40 seats, the annual plan breaks even in month ten.
          If there is any chance you will drop the tool or shrink the team within the year, month-to-month can
          be the cheaper choice.
        </p>
        <Figure
          title="Cumulative cost: monthly vs. annual billing for 40 seats"
          caption="Arithmetic: 40 seats at $12 per month billed monthly, or $10 per month billed annually up front ($4,800)."
        >
          <BillingCycleChart />
        </Figure>

        <h2>6. Renewals are where the money is</h2>
        <p>
          Most SaaS contracts renew automatically, and many require notice 30, 60 or 90 days before the
          renewal date. Miss the notice window and you have lost your leverage — you are committed for another
          term, often at a higher price. Two habits make the difference:
        </p>
        <ul>
          <li>
            <strong>Track the cancel-by date</strong>, not just the renewal date: renewal date minus notice
            period.
          </li>
          <li>
            <strong>Start the conversation early.</strong> Ask for usage data and a quote well before the
            cancel-by date, and compare it with any price-increase cap in your contract.
          </li>
        </ul>

        <h2>A checklist for 2025</h2>
        <ul>
          <li>One list of every application, with an owner for each.</li>
          <li>Cancel-by dates with reminders for every auto-renewing contract.</li>
          <li>Seats matched to people, reviewed before each renewal.</li>
          <li>Actual spend from invoices and card statements, matched to applications.</li>
          <li>A software budget per team, with alerts when spend runs ahead.</li>
        </ul>
        <p>
          Stackwise does all five — <Link to="/auth/register">start free</Link> or{' '}
          <Link to="/pricing">see pricing</Link>.
        </p>
      </Prose>
      <div className="-mx-4 mt-8 sm:-mx-6">
        <CtaBand title="Put the checklist to work" />
      </div>
    </article>
  );
}
