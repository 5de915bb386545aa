import { DatabaseZap, Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isStatus } from '@/lib/api-client';
import { AppLogo } from '@/features/subscriptions/components/app-logo';
import { useCatalogSearch } from '@/features/subscriptions/api/search-catalog';
import { useDebounced } from '@/features/subscriptions/api/use-debounced';
import { createFirstApplications } from '../api/create-first-application';
import { useLoadDemoData } from '@/features/demo/api/load-demo-data';
import { useSubmitOnboardingStep } from '../api/submit-onboarding-step';

const SUGGESTIONS = [
  'Slack',
  'Google Workspace',
  'Microsoft 365',
  'Notion',
  'Figma',
  'GitHub',
  'Zoom',
  'Salesforce',
  'HubSpot',
  'Jira',
];
const MAX_NAME = 120;

/** The last step: type the first applications (or load demo data), then land on /app. */
export function AppsStep() {
  const navigate = useNavigate();
  const submitStep = useSubmitOnboardingStep();
  const demo = useLoadDemoData();
  const [names, setNames] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [demoAvailable, setDemoAvailable] = useState(true);
  const [finishing, setFinishing] = useState(false);
  // Names picked from the catalogue, with their slug, so they are created pre-filled.
  const [slugs, setSlugs] = useState<Record<string, string>>({});
  const query = useDebounced(draft.trim());
  const catalog = useCatalogSearch(query, { enabled: query.length >= 2 });
  const matches = query.length >= 2 ? (catalog.data?.items ?? []).slice(0, 5) : [];

  const add = (raw: string, catalogSlug?: string) => {
    const name = raw.trim();
    if (!name) return setDraftError('Type an application name');
    if (name.length > MAX_NAME) return setDraftError(`At most ${MAX_NAME} characters`);
    if (names.some((n) => n.toLowerCase() === name.toLowerCase()))
      return setDraftError(`${name} is already in the list`);
    setNames((prev) => [...prev, name]);
    if (catalogSlug) setSlugs((prev) => ({ ...prev, [name]: catalogSlug }));
    setDraft('');
    setDraftError(null);
  };

  const finish = async (withNames: string[]) => {
    setFinishing(true);
    try {
      if (withNames.length > 0) {
        const result = await createFirstApplications(withNames, slugs);
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
      toast({
        variant: 'destructive',
        title: 'Could not finish onboarding',
        description: errorMessage(error),
      });
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
          toast({
            variant: 'destructive',
            title: 'Could not load demo data',
            description: errorMessage(error),
          });
        }
      },
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add(draft);
  };
  const busy = finishing || demo.isPending;

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Add your first applications</h1>
        <p className="text-sm text-muted-foreground">
          Type the tools your company pays for. Names are enough for now — costs and renewal dates can follow.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-1.5">
        <Label htmlFor="app-name">Application name</Label>
        <div className="flex gap-2">
          <Input
            id="app-name"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setDraftError(null);
            }}
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
                  onClick={() => add(app.name, app.slug)}
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
          {SUGGESTIONS.filter((s) => !names.includes(s)).map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => add(s)}
              className="rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground transition-colors hover:border-primary/50 hover:text-foreground"
            >
              + {s}
            </button>
          ))}
        </div>
      </div>
      {names.length > 0 && (
        <ul className="grid gap-2" aria-label="Applications to add">
          {names.map((name) => (
            <li
              key={name}
              className="flex items-center justify-between rounded-md border bg-muted/40 px-3 py-2 text-sm"
            >
              {name}
              <Button
                variant="ghost"
                size="icon-sm"
                className="size-7"
                onClick={() => setNames((prev) => prev.filter((n) => n !== name))}
                aria-label={`Remove ${name}`}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center">
        {demoAvailable && (
          <Button variant="ghost" onClick={loadDemo} disabled={busy} className="sm:mr-auto">
            <DatabaseZap />
            Load demo data
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
        <Button onClick={() => void finish(names)} disabled={busy || names.length === 0}>
          {names.length > 0 ? `Add ${names.length} and finish` : 'Finish'}
        </Button>
      </div>
    </div>
  );
}
