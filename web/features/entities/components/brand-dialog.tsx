import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { createBrandBody, type BrandResponse, type EntityResponse } from '@common/contracts/entities';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateBrand } from '../api/create-brand';
import { useDeleteBrandLogo } from '../api/delete-brand-logo';
import { useUpdateBrand } from '../api/update-brand';
import { useUploadBrandLogo } from '../api/upload-brand-logo';
import { BrandMark } from './brand-mark';
import { ColorPicker } from './color-picker';
import { checkedBody, showSaveError } from './form-errors';

interface FormValues {
  name: string;
  color: string;
  entityId: string;
  description: string;
}

/** What happens to the logo on save. */
type LogoChange = { kind: 'keep' } | { kind: 'upload'; file: File; preview: string } | { kind: 'remove' };

interface Props {
  /** null: a new brand. */
  brand: BrandResponse | null;
  entities: EntityResponse[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export const DEFAULT_BRAND_COLOR = '#4F46E5';

/** Create or edit a brand: name, colour, owning entity, description and logo (previewed before saving). */
export function BrandDialog({ brand, entities, open, onOpenChange }: Props) {
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const upload = useUploadBrandLogo();
  const removeLogo = useDeleteBrandLogo();
  const form = useForm<FormValues>();
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });

  useEffect(() => {
    if (!open) return;
    setLogo({ kind: 'keep' });
    form.reset({
      name: brand?.name ?? '',
      color: brand?.color ?? DEFAULT_BRAND_COLOR,
      entityId: brand?.entityId ?? '',
      description: brand?.description ?? '',
    });
  }, [open, brand, form]);

  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const body = {
      name: values.name,
      color: values.color,
      entityId: values.entityId || null,
      description: values.description.trim() || null,
    };
    const valid = checkedBody(createBrandBody, body, form);
    if (!valid) return;
    let saved: BrandResponse;
    try {
      saved = brand ? await update.mutateAsync({ id: brand.id, ...valid }) : await create.mutateAsync(valid);
    } catch (error) {
      showSaveError(form, error, 'Could not save the brand');
      return;
    }
    try {
      if (logo.kind === 'upload') await upload.mutateAsync({ id: saved.id, file: logo.file });
      if (logo.kind === 'remove') await removeLogo.mutateAsync(saved.id);
      toast({ variant: 'success', title: brand ? 'Brand saved' : 'Brand created' });
      onOpenChange(false);
    } catch (error) {
      // The brand itself is saved; only the logo failed. The dialog stays open on the edit of it.
      toast({ variant: 'destructive', title: 'The logo was not saved', description: errorMessage(error) });
    }
  });

  const name = form.watch('name');
  const color = form.watch('color');
  const previewUrl =
    logo.kind === 'upload' ? logo.preview : logo.kind === 'remove' ? null : (brand?.logoUrl ?? null);
  const pending = create.isPending || update.isPending || upload.isPending || removeLogo.isPending;
  return (
    <FormDialog
      className="max-w-xl"
      open={open}
      onOpenChange={onOpenChange}
      title={brand ? 'Edit brand' : 'New brand'}
      description="Applications and spend can be allocated to it, whole or in part."
      submitLabel={brand ? 'Save' : 'Create brand'}
      pending={pending}
      onSubmit={submit}
      noValidate
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input placeholder="Northwind Outdoor" {...form.register('name')} />
      </FormField>
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <ColorPicker value={field.value} onChange={field.onChange} error={errors.color?.message} />
        )}
      />
      <FormField label="Entity" error={errors.entityId?.message}>
        <NativeSelect {...form.register('entityId')}>
          <option value="">None</option>
          {entities
            .filter((e) => !e.archived || e.id === brand?.entityId)
            .map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
        </NativeSelect>
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea className="min-h-16" {...form.register('description')} />
      </FormField>
      <div className="flex items-end gap-3">
        <BrandMark
          name={name || '?'}
          color={color || DEFAULT_BRAND_COLOR}
          logoUrl={previewUrl}
          className="size-12"
        />
        <FormField label="Logo" hint="PNG, JPEG, SVG or WebP" className="flex-1">
          <Input
            type="file"
            accept="image/png,image/jpeg,image/svg+xml,image/webp"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) setLogo({ kind: 'upload', file, preview: URL.createObjectURL(file) });
            }}
          />
        </FormField>
        {previewUrl && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => setLogo(brand?.logoUrl ? { kind: 'remove' } : { kind: 'keep' })}
          >
            Remove logo
          </Button>
        )}
      </div>
    </FormDialog>
  );
}
