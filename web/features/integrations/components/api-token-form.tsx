import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ConnectorProvider, connectTokenBody } from '@common/contracts/connectors';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { FormInput } from '@/components/ui/form-input';
import { NativeSelect, Textarea } from '@/components/ui/input';
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
 * Connecting an API-token provider (Okta): the organization's domain and either a read-only admin's
 * API token or an OAuth service app (client ID and private key). The server checks them with the
 * provider before it keeps them; they are never shown again.
 */
export function ApiTokenForm({ provider, label, domain, open, onOpenChange }: Props) {
  const form = useForm<z.input<typeof connectTokenBody>, unknown, z.output<typeof connectTokenBody>>({
    resolver: zodResolver(connectTokenBody),
    defaultValues: { domain: domain ?? '', method: 'api_token', token: '', clientId: '', privateKey: '' },
  });
  const method = form.watch('method');
  const connect = useConnectConnectorWithToken();
  const onSubmit = form.handleSubmit((input) =>
    connect.mutate(
      { provider, input },
      {
        onSuccess: () => {
          form.reset({ domain: input.domain, method: input.method, token: '', clientId: '', privateKey: '' });
          onOpenChange(false);
          toast({
            variant: 'success',
            title: `${label} connected`,
            description: 'The first sync has started.',
          });
        },
        // The provider's refusal is the secret field's message (wrong token or key, wrong domain, unreachable).
        onError: (e) =>
          form.setError(input.method === 'service_app' ? 'privateKey' : 'token', {
            message: errorMessage(e),
          }),
      },
    ),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Connect ${label}`}
      description={`Your ${label} domain and either an API token made by a read-only administrator (Security → API → Tokens) or an API service app with the okta.users.read, okta.apps.read and okta.logs.read scopes. They are checked with ${label}, stored encrypted, and never shown again.`}
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
      <FormField label="Connect with">
        <NativeSelect {...form.register('method')}>
          <option value="api_token">API token</option>
          <option value="service_app">OAuth service app (private key)</option>
        </NativeSelect>
      </FormField>
      {method === 'service_app' ? (
        <>
          <FormInput form={form} name="clientId" label="Client ID" autoComplete="off" />
          <FormField
            label="Private key"
            hint="PEM or JWK of the key pair whose public key is registered on the app (RS256)."
            error={form.formState.errors.privateKey?.message}
          >
            <Textarea {...form.register('privateKey')} spellCheck={false} autoComplete="off" />
          </FormField>
        </>
      ) : (
        <FormInput form={form} name="token" label="API token" password autoComplete="off" />
      )}
    </FormDialog>
  );
}
