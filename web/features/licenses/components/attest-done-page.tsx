import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { AttestationResult } from '@common/contracts/attestations';
import { Card } from '@/components/ui/card';

const MESSAGES: Record<AttestationResult, { ok: boolean; title: string; text: string }> = {
  kept: {
    ok: true,
    title: 'Thanks — you keep your seat',
    text: 'We noted that you still use it. Nothing else to do.',
  },
  released: {
    ok: true,
    title: 'Thanks — your seat is released',
    text: 'Someone else can use it now, or your company stops paying for it.',
  },
  closed: {
    ok: true,
    title: 'This seat was already given back',
    text: 'Your answer is noted; the seat had been unassigned before.',
  },
  used: {
    ok: false,
    title: 'This link was already used',
    text: 'Each link works once. Your first answer counts.',
  },
  expired: {
    ok: false,
    title: 'This link has expired',
    text: 'Links work for 14 days. Ask your IT or finance team for a new one if needed.',
  },
  invalid: {
    ok: false,
    title: 'This link is not valid',
    text: 'It may be incomplete. Open it again from the e-mail, or ask your IT team.',
  },
};

/** /attest/done?result=…: where a seat holder lands after answering a "still need it?" e-mail; no sign-in. */
export function AttestDonePage() {
  const [params] = useSearchParams();
  const result = (params.get('result') ?? 'invalid') as AttestationResult;
  const message = MESSAGES[result] ?? MESSAGES.invalid;
  const Icon = message.ok ? CheckCircle2 : CircleAlert;
  return (
    <div className="mx-auto flex min-h-[60dvh] max-w-md items-center px-4 py-16">
      <Card className="grid w-full gap-3 p-8 text-center">
        <Icon className={`mx-auto size-10 ${message.ok ? 'text-success' : 'text-warning'}`} aria-hidden />
        <h1 className="text-xl font-semibold tracking-tight">{message.title}</h1>
        <p className="text-sm text-muted-foreground">{message.text}</p>
      </Card>
    </div>
  );
}
