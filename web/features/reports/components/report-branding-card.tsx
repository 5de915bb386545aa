import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REPORT_BRAND_COLOR } from '@common/contracts/reports';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LabelledInput } from '@/components/ui/labelled-input';
import { toast } from '@/components/ui/use-toast';
import { useFeatureAccess } from '@/lib/billing/use-feature-access';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useDeleteReportLogo } from '../api/delete-report-logo';
import { useReportBranding } from '../api/get-report-branding';
import { useUpdateReportBranding } from '../api/update-report-branding';
import { useUploadReportLogo } from '../api/upload-report-logo';

// The colour input always holds a colour; the server checks both fields (reportBrandingBody).
const brandingFields = z.object({ name: z.string(), color: z.string() });

/** The header every report page starts with, as it will look. */
function HeaderPreview({ name, color, logoUrl }: { name: string; color: string; logoUrl: string | null }) {
  return (
    <div
      className="flex items-center gap-3 rounded-md px-4 py-3 text-white"
      style={{ background: color }}
      data-testid="branding-preview"
    >
      {logoUrl && <img src={logoUrl} alt="Logo" className="h-8 max-w-32 object-contain" />}
      <span className="font-semibold">{name}</span>
      <span className="ml-auto text-sm opacity-90">Executive summary</span>
    </div>
  );
}

/** Report branding (Scale): display name, colour and logo, with a preview; locked below Scale. */
export function ReportBrandingCard() {
  const access = useFeatureAccess('brandedReports');
  const { openUpgrade } = useUpgradeDialog();
  const organization = useOrganization();
  if (!access.viewAllowed) {
    return (
      <Card data-testid="report-branding-locked">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Lock className="size-4" aria-hidden /> Report branding
          </CardTitle>
          <CardDescription>
            Put your logo, colour and name on every page of your reports with the Scale plan. Until then,
            reports carry Stackwise branding.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <HeaderPreview
            name={organization.data?.name ?? 'Your company'}
            color={REPORT_BRAND_COLOR}
            logoUrl={null}
          />
          <div>
            <Button onClick={() => openUpgrade(access.requiredPlan)}>Upgrade to Scale</Button>
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <BrandingForm canEdit={organization.data ? can(organization.data.role, 'settings.manage') : false} />
  );
}

function BrandingForm({ canEdit }: { canEdit: boolean }) {
  const branding = useReportBranding(true);
  const update = useUpdateReportBranding();
  const upload = useUploadReportLogo();
  const removeLogo = useDeleteReportLogo();
  const file = useRef<HTMLInputElement>(null);
  const form = useForm<z.infer<typeof brandingFields>>({
    resolver: zodResolver(brandingFields),
    defaultValues: { name: '', color: REPORT_BRAND_COLOR },
  });
  const { reset } = form;
  useEffect(() => {
    if (!branding.data) return;
    reset({
      name: branding.data.displayName ?? '',
      color: branding.data.primaryColor ?? REPORT_BRAND_COLOR,
    });
  }, [branding.data, reset]);
  const [name, color] = form.watch(['name', 'color']);
  const data = branding.data;
  const failed = (title: string) => (e: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(e) });

  return (
    <Card data-testid="report-branding">
      <CardHeader>
        <CardTitle>Report branding</CardTitle>
        <CardDescription>Your name, colour and logo on every page of every report.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <HeaderPreview
          name={name.trim() || data?.organizationName || ''}
          color={/^#[0-9a-f]{6}$/i.test(color) ? color : REPORT_BRAND_COLOR}
          logoUrl={data?.logoUrl ? `${data.logoUrl}?v=${encodeURIComponent(data.logoUrl)}` : null}
        />
        <form
          className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
          onSubmit={form.handleSubmit((values) =>
            update.mutate(
              { displayName: values.name.trim() || null, primaryColor: values.color },
              {
                onSuccess: () => toast({ variant: 'success', title: 'Report branding saved' }),
                onError: failed('Could not save the branding'),
              },
            ),
          )}
        >
          <LabelledInput
            id="branding-name"
            label="Display name"
            maxLength={80}
            placeholder={data?.organizationName}
            disabled={!canEdit}
            {...form.register('name')}
          />
          <LabelledInput
            id="branding-color"
            label="Colour"
            type="color"
            className="h-9 w-16 p-1"
            disabled={!canEdit}
            {...form.register('color')}
          />
          <Button type="submit" disabled={!canEdit || update.isPending}>
            Save
          </Button>
        </form>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={file}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-label="Logo file"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) upload.mutate(chosen, { onError: failed('Could not upload the logo') });
            }}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={!canEdit || upload.isPending}
            onClick={() => file.current?.click()}
          >
            {data?.logoUrl ? 'Replace logo' : 'Upload logo'}
          </Button>
          {data?.logoUrl && (
            <Button
              variant="ghost"
              size="sm"
              disabled={!canEdit || removeLogo.isPending}
              onClick={() => removeLogo.mutate(undefined, { onError: failed('Could not remove the logo') })}
            >
              Remove logo
            </Button>
          )}
          <span className="text-xs text-muted-foreground">PNG or JPEG, up to 1 MB.</span>
        </div>
      </CardContent>
    </Card>
  );
}
