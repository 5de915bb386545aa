import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SsoConnection, SsoConnectionBody } from '@common/contracts/sso';
import {
  SSO_DEFAULT_ROLES,
  SSO_ROLES,
  type SsoDefaultRole,
  type SsoProtocol,
  type SsoRole,
} from '@common/security';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { fieldErrors } from '@/lib/api-client';
import { useSaveSsoConnection } from '../api/save-sso-connection';

const ROLE_LABELS: Record<SsoRole, string> = { admin: 'Admin', member: 'Member', viewer: 'Viewer' };

interface FormState {
  protocol: SsoProtocol;
  enabled: boolean;
  enforced: boolean;
  oidcIssuer: string;
  oidcClientId: string;
  oidcClientSecret: string;
  samlMetadataUrl: string;
  samlMetadataXml: string;
  samlIdpEntityId: string;
  samlIdpSsoUrl: string;
  samlIdpCertificate: string;
  defaultRole: SsoDefaultRole;
  groupsClaim: string;
  roleMappings: Array<{ group: string; role: SsoRole }>;
}

const formOf = (c: SsoConnection): FormState => ({
  protocol: c.protocol,
  enabled: c.enabled,
  enforced: c.enforced,
  oidcIssuer: c.oidcIssuer ?? '',
  oidcClientId: c.oidcClientId ?? '',
  oidcClientSecret: '',
  samlMetadataUrl: c.samlMetadataUrl ?? '',
  samlMetadataXml: '',
  samlIdpEntityId: c.samlIdpEntityId ?? '',
  samlIdpSsoUrl: c.samlIdpSsoUrl ?? '',
  samlIdpCertificate: c.samlIdpCertificates.join('\n\n'),
  defaultRole: c.defaultRole,
  groupsClaim: c.groupsClaim ?? '',
  roleMappings: c.roleMappings,
});

const orNull = (value: string) => value.trim() || null;

const bodyOf = (f: FormState): SsoConnectionBody => ({
  protocol: f.protocol,
  enabled: f.enabled,
  enforced: f.enforced,
  oidcIssuer: orNull(f.oidcIssuer),
  oidcClientId: orNull(f.oidcClientId),
  // Blank keeps the stored secret.
  oidcClientSecret: orNull(f.oidcClientSecret),
  samlMetadataUrl: orNull(f.samlMetadataUrl),
  samlMetadataXml: orNull(f.samlMetadataXml),
  samlIdpEntityId: orNull(f.samlIdpEntityId),
  samlIdpSsoUrl: orNull(f.samlIdpSsoUrl),
  samlIdpCertificates: f.samlIdpCertificate.trim() ? [f.samlIdpCertificate.trim()] : null,
  defaultRole: f.defaultRole,
  groupsClaim: orNull(f.groupsClaim),
  roleMappings: f.roleMappings.filter((m) => m.group.trim()),
});

/** What turning single sign-on on, or enforcing it, will do: asked before saving such a change. */
function confirmationOf(saved: SsoConnection, form: FormState): string | null {
  if (form.enforced && !saved.enforced) {
    return 'Members with an address on your verified domains will have to sign in with single sign-on: their passwords stop working. Owners keep their password as a break-glass login.';
  }
  if (form.enabled && !saved.enabled) {
    return 'People with an address on your verified domains can sign in with your identity provider. New people join with the default role.';
  }
  if (!form.enabled && saved.enabled)
    return 'Nobody will be able to sign in with single sign-on until you turn it back on.';
  return null;
}

/** The organization's identity provider: protocol, its settings, roles, and the switches. */
export function ConnectionCard({ connection }: { connection: SsoConnection }) {
  const [form, setForm] = useState(() => formOf(connection));
  const [confirming, setConfirming] = useState<string | null>(null);
  const save = useSaveSsoConnection();
  const errors = fieldErrors(save.error);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const sp = connection.serviceProvider;

  const submit = () =>
    save.mutate(bodyOf(form), {
      onSuccess: (saved) => {
        setConfirming(null);
        setForm(formOf(saved));
        toast({ variant: 'success', title: 'Single sign-on saved' });
      },
      onError: (error) => {
        setConfirming(null);
        toastError('Could not save', error);
      },
    });
  const onSave = () => {
    const question = confirmationOf(connection, form);
    if (question) setConfirming(question);
    else submit();
  };

  return (
    <Card className="grid gap-5 p-6">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Single sign-on</h3>
        <p className="text-sm text-muted-foreground">
          Let your team sign in with Okta, Microsoft Entra ID, Google Workspace or any OpenID Connect or SAML
          identity provider.
        </p>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Protocol</legend>
        <div className="flex gap-4">
          {(['oidc', 'saml'] as const).map((protocol) => (
            <label key={protocol} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="sso-protocol"
                checked={form.protocol === protocol}
                onChange={() => set('protocol', protocol)}
              />
              {protocol === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-2 rounded-md border bg-muted/40 p-4">
        <p className="text-sm font-medium">Enter these at your identity provider</p>
        {(form.protocol === 'oidc'
          ? [{ label: 'Redirect URI', value: sp.oidcRedirectUri }]
          : [
              { label: 'ACS URL', value: sp.samlAcsUrl },
              { label: 'Entity ID', value: sp.samlEntityId },
              { label: 'Metadata URL', value: sp.samlMetadataUrl },
            ]
        ).map((item) => (
          <div key={item.label} className="flex flex-wrap items-center gap-2">
            <span className="w-28 text-sm text-muted-foreground">{item.label}</span>
            <code
              aria-label={item.label}
              className="min-w-0 break-all rounded border bg-background px-2 py-1 text-xs"
            >
              {item.value}
            </code>
            <CopyButton value={item.value} what={item.label} />
          </div>
        ))}
      </div>

      {form.protocol === 'oidc' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Issuer URL" error={errors.oidcIssuer} className="sm:col-span-2">
            <Input
              value={form.oidcIssuer}
              placeholder="https://your-company.okta.com"
              onChange={(e) => set('oidcIssuer', e.target.value)}
            />
          </FormField>
          <FormField label="Client ID" error={errors.oidcClientId}>
            <Input value={form.oidcClientId} onChange={(e) => set('oidcClientId', e.target.value)} />
          </FormField>
          <FormField
            label="Client secret"
            hint={connection.hasClientSecret ? 'A secret is saved. Leave blank to keep it.' : undefined}
          >
            <Input
              type="password"
              autoComplete="off"
              value={form.oidcClientSecret}
              placeholder={connection.hasClientSecret ? '••••••••' : ''}
              onChange={(e) => set('oidcClientSecret', e.target.value)}
            />
          </FormField>
        </div>
      ) : (
        <div className="grid gap-4">
          <FormField label="IdP metadata URL" hint="Or paste the metadata XML below.">
            <Input value={form.samlMetadataUrl} onChange={(e) => set('samlMetadataUrl', e.target.value)} />
          </FormField>
          <FormField label="IdP metadata XML">
            <Textarea value={form.samlMetadataXml} onChange={(e) => set('samlMetadataXml', e.target.value)} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="IdP entity ID" error={errors.samlIdpEntityId}>
              <Input value={form.samlIdpEntityId} onChange={(e) => set('samlIdpEntityId', e.target.value)} />
            </FormField>
            <FormField label="IdP sign-in URL" error={errors.samlIdpSsoUrl}>
              <Input value={form.samlIdpSsoUrl} onChange={(e) => set('samlIdpSsoUrl', e.target.value)} />
            </FormField>
          </div>
          <FormField label="IdP signing certificate (PEM)" error={errors.samlIdpCertificates}>
            <Textarea
              value={form.samlIdpCertificate}
              onChange={(e) => set('samlIdpCertificate', e.target.value)}
            />
          </FormField>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Default role" hint="The role of someone who signs in for the first time.">
          <NativeSelect
            value={form.defaultRole}
            onChange={(e) => set('defaultRole', e.target.value as SsoDefaultRole)}
          >
            {SSO_DEFAULT_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Groups claim"
          hint={form.protocol === 'oidc' ? 'Usually “groups”.' : 'The attribute listing groups.'}
        >
          <Input value={form.groupsClaim} onChange={(e) => set('groupsClaim', e.target.value)} />
        </FormField>
      </div>

      <RoleMappings mappings={form.roleMappings} onChange={(m) => set('roleMappings', m)} />

      <div className="grid gap-3">
        <SwitchRow
          label="Enable single sign-on"
          hint="People on your verified domains can choose “Continue with SSO”."
          checked={form.enabled}
          onChange={(enabled) => setForm((f) => ({ ...f, enabled, enforced: enabled && f.enforced }))}
        />
        <SwitchRow
          label="Require single sign-on"
          hint="Password sign-in is refused on your verified domains (owners keep theirs for emergencies)."
          checked={form.enforced}
          disabled={!form.enabled}
          error={errors.enforced}
          onChange={(enforced) => set('enforced', enforced)}
        />
      </div>

      <div>
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Save single sign-on?"
        description={confirming ?? ''}
        confirmLabel="Save"
        pending={save.isPending}
        onConfirm={submit}
      />
    </Card>
  );
}

function SwitchRow(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label>{props.label}</Label>
        <p className="text-xs text-muted-foreground">{props.hint}</p>
        {props.error && (
          <p role="alert" className="text-xs font-medium text-destructive">
            {props.error}
          </p>
        )}
      </div>
      <Switch
        aria-label={props.label}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}

function RoleMappings(props: {
  mappings: FormState['roleMappings'];
  onChange: (mappings: FormState['roleMappings']) => void;
}) {
  const { mappings, onChange } = props;
  const update = (index: number, patch: Partial<FormState['roleMappings'][number]>) =>
    onChange(mappings.map((m, i) => (i === index ? { ...m, ...patch } : m)));
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <p className="text-sm font-medium">Group → role</p>
        <p className="text-xs text-muted-foreground">
          Members of these identity-provider groups get the role at every sign-in (owners are never changed).
        </p>
      </div>
      {mappings.map((mapping, index) => (
        <div key={index} className="flex items-center gap-2">
          <Input
            aria-label={`Group ${index + 1}`}
            value={mapping.group}
            placeholder="Group name"
            onChange={(e) => update(index, { group: e.target.value })}
          />
          <NativeSelect
            aria-label={`Role of group ${index + 1}`}
            className="w-36"
            value={mapping.role}
            onChange={(e) => update(index, { role: e.target.value as SsoRole })}
          >
            {SSO_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove group ${index + 1}`}
            onClick={() => onChange(mappings.filter((_, i) => i !== index))}
          >
            <Trash2 />
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onChange([...mappings, { group: '', role: 'member' }])}
        >
          <Plus /> Add group
        </Button>
      </div>
    </div>
  );
}
