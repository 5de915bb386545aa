import { zodResolver } from '@hookform/resolvers/zod';
import { DatabaseZap, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { CatalogAppEntry } from '@common/contracts/catalog';
import type { CreateSubscriptionBody } from '@common/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/components/ui/toast-error';
import { isStatus } from '@/lib/api-client';
import { useOrganization } from '@/lib/organizations/get-organization';
import { AppLogo } from '@/components/app-logo';
import { useCatalogSearch } from '@/lib/subscriptions/search-catalog';
import { useDebounced } from '@/lib/use-debounced';
import { createFirstApplications } from '../api/create-first-application';
import { demoStepLabel, useLoadDemoData } from '@/lib/demo/load-demo-data';
import { useSubmitOnboardingStep } from '../api/submit-onboarding-step';
import { FirstApplicationRow } from './first-application-row';
import { useFirstApplications } from './use-first-applications';

const MAX_NAME = 120;
const POPULAR_PICKS = 8;

const appName = z.object({
  name: z.string().trim().min(1, 'Type an application name').max(MAX_NAME, `At most ${MAX_NAME} characters`),
});

/** The last step: list the first applications with seats and price (or load demo data), then land on /app. */
export function AppsStep() {
  const navigate = useNavigate();
  const submitStep = useSubmitOnboardingStep();
  const demo = useLoadDemoData();
  const currency = useOrganization().data?.currency ?? 'USD';
  const list = useFirstApplications(currency);
  const { apps } = list;
  const form = useForm<z.input<typeof appName>, unknown, z.output<typeof appName>>({
    resolver: zodResolver(appName),
    defaultValues: { name: '' },
    reValidateMode: 'onSubmit',
  });
  const draft = form.watch('name');
  const draftError = form.formState.errors.name?.message ?? null;
  const [demoAvailable, setDemoAvailable] = useState(true);
  const [finishing, setFinishing] = useState(false);
  const query = useDebounced(draft.trim());
  const catalog = useCatalogSearch(query, { enabled: query.length >= 2 });
  const matches = query.length >= 2 ? (catalog.data?.items ?? []).slice(0, 5) : [];
  const popular = (useCatalogSearch('').data?.items ?? []).slice(0, POPULAR_PICKS);
  /** Adds a typed or picked application (the list itself is checked here: names are unique). */
  const add = (name: string, entry?: CatalogAppEntry) => {
    if (list.listed(name)) return form.setError('name', { message: `${name} is already in the list` });
    // A typed name that is a catalogue application's own name is that application.
    list.add(name, entry ?? matches.find((m) => m.name.toLowerCase() === name.toLowerCase()));
    form.reset();
  };

  const finish = async (withApps: CreateSubscriptionBody[]) => {
    setFinishing(true);
    try {
      if (withApps.length > 0) {
        const result = await createFirstApplications(withApps);
        if (result.failed.length > 0) {
          toast({
            variant: 'destructive',
            title: 'Some applications were not added',
            description: result.failed.join(', '),
          });
        }
      }
      await submitStep.mutateAsync({ step: 'apps' });
      navigate('/app', { replace: true });
    } catch (error) {
      toastError('Could not finish onboarding', error);
      setFinishing(false);
    }
  };

  const loadDemo = () =>
    demo.mutate(undefined, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: 'Demo data loaded',
          description: 'Explore a realistic company: applications, people, renewals, expenses and budgets.',
        });
        void finish([]);
      },
      onError: (error) => {
        if (isStatus(error, 404)) {
          setDemoAvailable(false);
          toast({ title: 'Demo data is not available on this server' });
        } else {
          toastError('Could not load demo data', error);
        }
      },
    });

  const onSubmit = form.handleSubmit(({ name }) => add(name));
  const busy = finishing || demo.isPending;

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Add your first applications</h1>
        <p className="text-sm text-muted-foreground">
          Pick the tools your company pays for. Catalogue picks come with their list price; set your seats (or
          the price you pay) and the dashboard starts with real figures. Renewal dates follow from today.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-1.5">
        <Label htmlFor="app-name">Application name</Label>
        <div className="flex gap-2">
          <Input
            id="app-name"
            {...form.register('name', { onChange: () => form.clearErrors('name') })}
            placeholder="e.g. Slack"
            aria-invalid={draftError ? true : undefined}
            aria-describedby={draftError ? 'app-name-error' : undefined}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" disabled={busy}>
            <Plus />
            Add
          </Button>
        </div>
        {matches.length > 0 && (
          <ul aria-label="From the catalogue" className="grid gap-1 rounded-md border p-1">
            {matches.map((app) => (
              <li key={app.slug}>
                <button
                  type="button"
                  onClick={() => add(app.name, app)}
                  className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-muted"
                >
                  <AppLogo name={app.name} logoUrl={app.logoUrl} className="size-6" />
                  <span className="flex-1 font-medium">{app.name}</span>
                  <span className="text-xs text-muted-foreground">{app.category}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {draftError && (
          <p id="app-name-error" role="alert" className="text-xs font-medium text-destructive">
            {draftError}
          </p>
        )}
      </form>
      <div className="grid gap-2">
        <p className="text-xs font-medium text-muted-foreground">Popular picks</p>
        <div className="flex flex-wrap gap-2">
          {popular
            .filter((app) => !list.listed(app.name))
            .map((app) => (
              <button
                key={app.slug}
                type="button"
                onClick={() => add(app.name, app)}
                className="flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground transition-colors hover:border-primary/50 hover:text-foreground"
              >
                <AppLogo name={app.name} logoUrl={app.logoUrl} className="size-4" />+ {app.name}
              </button>
            ))}
        </div>
      </div>
      {apps.length > 0 && (
        <ul className="grid gap-2" aria-label="Applications to add">
          {apps.map((app) => (
            <FirstApplicationRow
              key={app.name}
              app={app}
              currency={currency}
              error={list.errors[app.name] || undefined}
              onChange={(patch) => list.update(app.name, patch)}
              onRemove={() => list.remove(app.name)}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center">
        {demoAvailable && (
          <Button variant="ghost" onClick={loadDemo} disabled={busy} className="sm:mr-auto">
            <DatabaseZap />
            <span aria-live="polite">{demo.isPending ? demoStepLabel(demo.progress) : 'Load demo data'}</span>
          </Button>
        )}
        <Button
          variant="outline"
          onClick={() => void finish([])}
          disabled={busy}
          className={demoAvailable ? '' : 'sm:ml-auto'}
        >
          Skip for now
        </Button>
        <Button
          onClick={() => {
            const ready = list.bodies();
            if (ready) void finish(ready);
          }}
          disabled={busy || apps.length === 0}
        >
          {apps.length > 0 ? `Add ${apps.length} and finish` : 'Finish'}
        </Button>
      </div>
    </div>
  );
}
