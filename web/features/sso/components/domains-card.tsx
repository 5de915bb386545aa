import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ssoDomainBody, type SsoDomain } from '@common/contracts/sso';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/components/ui/toast-error';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useAddSsoDomain } from '../api/add-sso-domain';
import { useDeleteSsoDomain } from '../api/delete-sso-domain';
import { useSsoDomains } from '../api/get-sso-domains';
import { useVerifySsoDomain } from '../api/verify-sso-domain';

/** The e-mail domains single sign-on signs in, each proved by a DNS TXT record. */
export function DomainsCard() {
  const domains = useSsoDomains();
  const add = useAddSsoDomain();
  const form = useForm<z.input<typeof ssoDomainBody>, unknown, z.output<typeof ssoDomainBody>>({
    resolver: zodResolver(ssoDomainBody),
    defaultValues: { domain: '' },
  });
  const domain = form.watch('domain');
  const onAdd = form.handleSubmit((values) => add.mutate(values.domain, { onSuccess: () => form.reset() }));
  const addError =
    form.formState.errors.domain?.message ??
    (add.error ? (fieldErrors(add.error).domain ?? errorMessage(add.error)) : undefined);

  return (
    <Card className="grid gap-4 p-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Verified domains</h3>
        <p className="text-sm text-muted-foreground">
          Single sign-on signs in addresses on these domains. Prove each one with a DNS TXT record.
        </p>
      </div>
      <form onSubmit={onAdd} className="flex items-start gap-2">
        <FormField label="Domain" error={addError} className="flex-1">
          <Input placeholder="acme.com" {...form.register('domain')} />
        </FormField>
        <Button type="submit" className="mt-6" disabled={add.isPending || !domain.trim()}>
          Add domain
        </Button>
      </form>
      {domains.isPending ? (
        <Spinner />
      ) : domains.error ? (
        <p className="text-sm text-destructive">{errorMessage(domains.error)}</p>
      ) : domains.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No domain yet.</p>
      ) : (
        <ul className="grid gap-3">
          {domains.data.map((d) => (
            <DomainRow key={d.id} domain={d} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function DomainRow({ domain }: { domain: SsoDomain }) {
  const verify = useVerifySsoDomain();
  const remove = useDeleteSsoDomain();
  const [result, setResult] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const onVerify = () =>
    verify.mutate(domain.id, {
      onSuccess: (answer) => setResult(answer.message),
      onError: (error) => setResult(errorMessage(error)),
    });
  const onDelete = () =>
    remove.mutate(domain.id, {
      onSuccess: () => setConfirming(false),
      onError: (error) => toastError('Could not remove', error),
    });

  return (
    <li className="grid gap-2 rounded-md border p-4" aria-label={domain.domain}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{domain.domain}</span>
        {domain.verified ? (
          <Badge variant="success">Verified</Badge>
        ) : (
          <Badge variant="warning">Pending</Badge>
        )}
        <span className="ml-auto flex gap-2">
          {!domain.verified && (
            <Button size="sm" onClick={onVerify} disabled={verify.isPending}>
              {verify.isPending ? 'Checking…' : 'Verify'}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${domain.domain}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 />
          </Button>
        </span>
      </div>
      {!domain.verified && (
        <div className="grid gap-2 text-sm">
          <p className="text-muted-foreground">Add this TXT record at your DNS host, then select Verify.</p>
          {[
            { label: 'Name', value: domain.txtRecord.name },
            { label: 'Value', value: domain.txtRecord.value },
          ].map((item) => (
            <div key={item.label} className="flex flex-wrap items-center gap-2">
              <span className="w-12 text-muted-foreground">{item.label}</span>
              <code
                aria-label={`TXT ${item.label.toLowerCase()}`}
                className="min-w-0 break-all rounded border bg-muted px-2 py-1 text-xs"
              >
                {item.value}
              </code>
              <CopyButton value={item.value} what={`Record ${item.label.toLowerCase()}`} />
            </div>
          ))}
        </div>
      )}
      {result && (
        <p role="status" className="text-sm">
          {result}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${domain.domain}?`}
        description="People on this domain can no longer sign in with single sign-on."
        confirmLabel="Remove domain"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </li>
  );
}
