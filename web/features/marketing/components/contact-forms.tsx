import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { COMPANY_SIZES } from '@common/contracts/organizations';
import { contactRequestBody, type ContactRequestBody } from '@common/contracts/public-forms';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { NativeSelect, Textarea } from '@/components/ui/input';
import { toastError } from '@/components/ui/toast-error';
import { useSubmitContactRequest } from '@/lib/submit-contact-request';

const supportSchema = contactRequestBody.omit({ kind: true, companySize: true }).extend({
  message: z
    .string()
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(5000, 'At most 5000 characters'),
});

const demoSchema = contactRequestBody.omit({ kind: true }).extend({
  company: z.string().trim().min(1, 'Please enter your company').max(160, 'At most 160 characters'),
  companySize: z.enum(COMPANY_SIZES, { message: 'Choose a company size' }),
});

function Sent({ title, text }: { title: string; text: string }) {
  return (
    <div
      role="status"
      className="grid justify-items-center gap-3 rounded-xl border bg-card px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-6" aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

/** Sends the form's values as a contact request of `kind`; a failure shows in a toast. */
function useSendContact(kind: ContactRequestBody['kind'], failureTitle: string) {
  const send = useSubmitContactRequest();
  const sendAs = (values: Omit<ContactRequestBody, 'kind'>) =>
    send.mutate({ kind, ...values }, { onError: (error) => toastError(failureTitle, error) });
  return { send, sendAs };
}

/** /support contact form → POST /api/public/contact (kind support). */
export function SupportForm() {
  const { send, sendAs } = useSendContact('support', 'Message not sent');
  const form = useForm<z.input<typeof supportSchema>, unknown, z.output<typeof supportSchema>>({
    resolver: zodResolver(supportSchema),
    defaultValues: { name: '', email: '', company: '', message: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(sendAs);
  if (send.isSuccess) {
    return (
      <Sent
        title="Message sent"
        text="Thanks — we read every message and reply by email, usually within one business day."
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-6 sm:p-8">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput form={form} name="name" label="Name" autoComplete="name" />
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="email" />
      </div>
      <FormInput form={form} name="company" label="Company (optional)" autoComplete="organization" />
      <FormField label="How can we help?" error={errors.message?.message}>
        <Textarea rows={5} {...form.register('message')} />
      </FormField>
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}

/** /request-demo form → POST /api/public/contact (kind demo). */
export function DemoForm() {
  const { send, sendAs } = useSendContact('demo', 'Request not sent');
  const form = useForm<z.input<typeof demoSchema>, unknown, z.output<typeof demoSchema>>({
    resolver: zodResolver(demoSchema),
    defaultValues: { name: '', email: '', company: '', message: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(sendAs);
  if (send.isSuccess) {
    return (
      <Sent
        title="Demo requested"
        text="Thank you. We will email you within one business day to find a time that suits you."
      />
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-6 sm:p-8">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput form={form} name="name" label="Name" autoComplete="name" />
        <FormInput form={form} name="email" label="Work email" type="email" autoComplete="email" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput form={form} name="company" label="Company" autoComplete="organization" />
        <FormField label="Company size" error={errors.companySize?.message}>
          <NativeSelect defaultValue="" {...form.register('companySize')}>
            <option value="" disabled>
              Choose…
            </option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>
                {size} employees
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label="What would you like to see? (optional)" error={errors.message?.message}>
        <Textarea
          rows={4}
          placeholder="e.g. renewal tracking for 120 applications, budgets per department"
          {...form.register('message')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Request a demo'}
      </Button>
    </form>
  );
}
