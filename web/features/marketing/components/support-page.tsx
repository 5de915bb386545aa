import { BookOpen, Code2, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { SupportForm } from './contact-forms';
import { FaqList, type Faq } from './faq-list';
import { PageHero, Section, SectionHeading } from './marketing-ui';

const FAQS: Faq[] = [
  {
    question: 'How do I add my applications?',
    answer:
      'During onboarding you can type the names of the tools you pay for. Afterwards, go to Applications to add more from the catalogue or by hand, with cost, billing cycle, renewal date and notice period.',
  },
  {
    question: 'How does invoice forwarding work?',
    answer:
      'Every workspace has a unique email address under Settings → Invoice forwarding. Forward software invoices to it, or set up an auto-forward rule in your mailbox. Stackwise records the vendor, amount and date as an expense and suggests a new application when it does not recognise the vendor.',
  },
  {
    question: 'What is a cancel-by date?',
    answer:
      'Many contracts renew automatically unless you give notice a number of days before the renewal date. The cancel-by date is the renewal date minus that notice period — the last day you can still cancel or renegotiate. Stackwise reminds you before it.',
  },
  {
    question: 'Can I invite my team?',
    answer:
      'Yes. Use the invite button in the top bar. Starter is for a single user; Growth includes up to 5 team members and Scale is unlimited. Members can be owners, admins, members or viewers.',
  },
  {
    question: 'How do I reset my password?',
    answer: (
      <>
        Use <Link to="/forgot-password">Forgot password</Link> on the sign-in page. We email a link that is
        valid for one hour.
      </>
    ),
  },
  {
    question: 'Can I delete my workspace and data?',
    answer:
      'Yes. Ask through the form on this page, from the email address of the workspace owner, and we delete the workspace and everything in it within 30 days. The GDPR page explains all your rights.',
  },
];

/** /support: answers, resources and a contact form stored for the team. */
export function SupportPage() {
  return (
    <>
      <PageHero eyebrow="Support" title="How can we help?">
        Answers to the common questions, and a direct line to the people who build Stackwise.
      </PageHero>
      <Section className="grid gap-4 pb-0 sm:grid-cols-3 sm:pb-0">
        {[
          {
            icon: ListChecks,
            title: 'Setup guide',
            text: 'Six steps to a complete workspace, inside the app.',
            to: '/app/setup',
          },
          {
            icon: BookOpen,
            title: 'SaaS trends 2025',
            text: 'What is changing in how software is priced.',
            to: '/saas-trends-2025',
          },
          {
            icon: Code2,
            title: 'API reference',
            text: 'Every endpoint with request and response shapes.',
            to: '/api/docs',
            external: true,
          },
        ].map((r) => {
          const body = (
            <>
              <r.icon className="size-5 text-primary" aria-hidden />
              <span className="font-semibold">{r.title}</span>
              <span className="text-sm text-muted-foreground">{r.text}</span>
            </>
          );
          const className =
            'grid gap-2 rounded-xl border bg-card p-5 transition-colors hover:border-primary/40';
          return r.external ? (
            <a key={r.title} href={r.to} className={className}>
              {body}
            </a>
          ) : (
            <Link key={r.title} to={r.to} className={className}>
              {body}
            </Link>
          );
        })}
      </Section>
      <Section className="grid gap-12 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          <SectionHeading title="Frequently asked questions" align="left" />
          <FaqList items={FAQS} />
        </div>
        <div className="grid content-start gap-6">
          <SectionHeading title="Contact us" align="left">
            Describe what you were trying to do and what happened. We reply by email.
          </SectionHeading>
          <SupportForm />
        </div>
      </Section>
    </>
  );
}
