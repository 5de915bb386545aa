import { useEffect, useState } from 'react';
import {
  API_AREA_IDS,
  API_AREAS,
  type ApiArea,
  type ApiScope,
  type CreatedApiKey,
} from '@common/contracts/api-keys';
import { addDays, todayInTimeZone } from '@common/dates';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';

type Access = 'read' | 'write' | 'custom';
type AreaAccess = 'none' | 'read' | 'write';
const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
  { value: 'custom', label: 'On a date…' },
] as const;
type Expiry = (typeof EXPIRY_CHOICES)[number]['value'];

interface FormState {
  name: string;
  access: Access;
  areas: Record<ApiArea, AreaAccess>;
  expiry: Expiry;
  expiryDate: string;
}

const initialState = (): FormState => ({
  name: '',
  access: 'read',
  areas: Object.fromEntries(API_AREA_IDS.map((a) => [a, 'none'])) as Record<ApiArea, AreaAccess>,
  expiry: 'never',
  expiryDate: '',
});

function scopesOf(form: FormState): ApiScope[] {
  if (form.access !== 'custom') return [form.access];
  return API_AREA_IDS.flatMap((area) =>
    form.areas[area] === 'none' ? [] : [`${area}:${form.areas[area]}` as ApiScope],
  );
}

/** The end of the chosen day (UTC) or N days from now; null: never. */
function expiresAtOf(form: FormState): string | null {
  if (form.expiry === 'never') return null;
  if (form.expiry === 'custom') return form.expiryDate ? `${form.expiryDate}T23:59:59.000Z` : null;
  return new Date(Date.now() + Number(form.expiry) * 86_400_000).toISOString();
}

/** The curl line shown with a new key: a call its scopes allow. */
function curlExample(secret: string, scopes: string[]): string {
  const area = scopes.find((s) => s.includes(':'))?.split(':')[0];
  const path = area === undefined || area === 'applications' ? 'subscriptions' : area;
  return `curl -H "Authorization: Bearer ${secret}" ${window.location.origin}/api/${path}`;
}

export interface CreateApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Names a key, chooses what it may do and until when, then shows its secret once. */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey();
  const [form, setForm] = useState<FormState>(initialState);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  useEffect(() => {
    if (open) {
      setForm(initialState());
      setErrors({});
      setCreated(null);
    }
  }, [open]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setArea = (area: ApiArea, value: AreaAccess) =>
    setForm((f) => ({ ...f, areas: { ...f.areas, [area]: value } }));

  const submit = () => {
    const scopes = scopesOf(form);
    if (scopes.length === 0) {
      setErrors({ scopes: 'Give the key access to at least one area.' });
      return;
    }
    if (form.expiry === 'custom' && !form.expiryDate) {
      setErrors({ expiresAt: 'Choose the day the key stops working.' });
      return;
    }
    create.mutate(
      { name: form.name, scopes, expiresAt: expiresAtOf(form) },
      {
        onSuccess: (key) => setCreated(key),
        onError: (e) => setErrors({ ...fieldErrors(e), form: errorMessage(e) }),
      },
    );
  };

  if (created) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Copy your API key now</DialogTitle>
            <DialogDescription>
              It won’t be shown again: store it in your secrets manager. If it is lost, revoke it and create
              another.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            <code
              className="break-all rounded-md border bg-muted p-3 font-mono text-sm"
              data-testid="api-key-secret"
            >
              {created.secret}
            </code>
            <CopyButton value={created.secret} what="API key" label="Copy key" />
            <p className="text-sm font-medium">Try it</p>
            <code className="break-all rounded-md border bg-muted p-3 font-mono text-xs">
              {curlExample(created.secret, created.scopes)}
            </code>
          </div>
          <DialogFooter>
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Create API key</DialogTitle>
          <DialogDescription>
            The key acts for you within the access you give it. It can never manage the team, billing or
            settings.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <FormField label="Name" hint="What uses it, e.g. “Data warehouse sync”." error={errors.name}>
            <Input value={form.name} maxLength={100} onChange={(e) => set('name', e.target.value)} />
          </FormField>
          <FormField label="Access" error={errors.scopes}>
            <NativeSelect value={form.access} onChange={(e) => set('access', e.target.value as Access)}>
              <option value="read">Read only</option>
              <option value="write">Read and write</option>
              <option value="custom">Custom, per area</option>
            </NativeSelect>
          </FormField>
          {form.access === 'custom' && (
            <fieldset className="grid gap-1 rounded-md border p-2">
              <legend className="px-1 text-sm font-medium">Areas</legend>
              {API_AREA_IDS.map((area) => (
                <div key={area} className="flex items-center justify-between gap-3 text-sm">
                  <span>{API_AREAS[area].label}</span>
                  <span className="flex gap-3">
                    <label className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        aria-label={`${API_AREAS[area].label}: read`}
                        checked={form.areas[area] !== 'none'}
                        onChange={(e) => setArea(area, e.target.checked ? 'read' : 'none')}
                      />
                      Read
                    </label>
                    <label className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        aria-label={`${API_AREAS[area].label}: write`}
                        checked={form.areas[area] === 'write'}
                        onChange={(e) => setArea(area, e.target.checked ? 'write' : 'read')}
                      />
                      Write
                    </label>
                  </span>
                </div>
              ))}
            </fieldset>
          )}
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Expires" error={form.expiry === 'custom' ? undefined : errors.expiresAt}>
              <NativeSelect value={form.expiry} onChange={(e) => set('expiry', e.target.value as Expiry)}>
                {EXPIRY_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {form.expiry === 'custom' && (
              <FormField label="Expiry date" error={errors.expiresAt}>
                <Input
                  type="date"
                  min={addDays(todayInTimeZone(new Date()), 1)}
                  value={form.expiryDate}
                  onChange={(e) => set('expiryDate', e.target.value)}
                />
              </FormField>
            )}
          </div>
          {errors.form && <p className="text-sm text-destructive">{errors.form}</p>}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={create.isPending}>
            Create key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
