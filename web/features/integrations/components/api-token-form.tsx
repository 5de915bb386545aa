import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ConnectorProvider, connectTokenBody } from '@common/contracts/connectors';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormInput } from '@/components/ui/form-input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useConnectConnectorWithToken } from '../api/connect-connector-with-token';

interface Props {
  provider: ConnectorProvider;
  label: string;
  /** The domain of the connection being renewed (Reconnect), else empty. */
  domain: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Connecting an API-token provider (Okta): the organization's domain and a read-only admin's API
 * token. The server checks the token with the provider before it keeps it; it is never shown again.
 */
export function ApiTokenForm({ provider, label, domain, open, onOpenChange }: Props) {
  const form = useForm<z.input<typeof connectTokenBody>, unknown, z.output<typeof connectTokenBody>>({
    resolver: zodResolver(connectTokenBody),
    defaultValues: { domain: domain ?? '', token: '' },
  });
  const connect = useConnectConnectorWithToken();
  const onSubmit = form.handleSubmit((input) =>
    connect.mutate(
      { provider, input },
      {
        onSuccess: () => {
          form.reset({ domain: input.domain, token: '' });
          onOpenChange(false);
          toast({
            variant: 'success',
            title: `${label} connected`,
            description: 'The first sync has started.',
          });
        },
        // The provider's refusal is the token field's message (wrong token, wrong domain, unreachable).
        onError: (e) => form.setError('token', { message: errorMessage(e) }),
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Connect ${label}`}
      description={`Your ${label} domain and an API token made by a read-only administrator (Security → API → Tokens). The token is checked with ${label}, stored encrypted, and never shown again.`}
      submitLabel={connect.isPending ? 'Checking…' : 'Connect'}
      pending={connect.isPending}
      onSubmit={onSubmit}
      noValidate
    >
      <FormInput
        form={form}
        name="domain"
        label={`${label} domain`}
        placeholder="acme.okta.com"
        autoComplete="off"
      />
      <FormInput form={form} name="token" label="API token" password autoComplete="off" />
    </FormDialog>
  );
}
