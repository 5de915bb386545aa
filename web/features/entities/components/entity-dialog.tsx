import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { createEntityBody, type EntityResponse } from '@common/contracts/entities';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { namedOptions, OptionsSelect } from '@/components/ui/options-select';
import { toast } from '@/components/ui/use-toast';

import { CURRENCY_OPTIONS } from '@/lib/currencies';
import { useCreateEntity } from '../api/create-entity';
import { useUpdateEntity } from '../api/update-entity';
import { subtreeIds } from './entity-tree';
import { checkedBody, showSaveError } from './form-errors';

interface FormValues {
  name: string;
  legalName: string;
  country: string;
  functionalCurrency: string;
  taxId: string;
  costCentre: string;
  parentId: string;
}

interface Props {
  /** null: a new entity. */
  entity: EntityResponse | null;
  entities: EntityResponse[];
  /** The organization's currency: a new entity's functional currency until changed. */
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create or edit a legal entity: names, country, currency, tax and cost-centre codes, parent. */
export function EntityDialog({ entity, entities, currency, open, onOpenChange }: Props) {
  const create = useCreateEntity();
  const update = useUpdateEntity();
  const form = useForm<FormValues>();
  const excluded = entity ? subtreeIds(entities, entity.id) : new Set<string>();
  const parents = entities.filter((e) => !excluded.has(e.id) && (!e.archived || e.id === entity?.parentId));

  useEffect(() => {
    if (!open) return;
    form.reset({
      name: entity?.name ?? '',
      legalName: entity?.legalName ?? '',
      country: entity?.country ?? '',
      functionalCurrency: entity?.functionalCurrency ?? currency,
      taxId: entity?.taxId ?? '',
      costCentre: entity?.costCentre ?? '',
      parentId: entity?.parentId ?? '',
    });
  }, [open, entity, currency, form]);

  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    // Empty optional fields clear them: null, which the contract accepts.
    const body = {
      name: values.name,
      legalName: values.legalName.trim() || null,
      country: values.country.trim() || null,
      functionalCurrency: values.functionalCurrency,
      taxId: values.taxId.trim() || null,
      costCentre: values.costCentre.trim() || null,
      parentId: values.parentId || null,
    };
    const valid = checkedBody(createEntityBody, body, form);
    if (!valid) return;
    try {
      if (entity) await update.mutateAsync({ id: entity.id, ...valid });
      else await create.mutateAsync(valid);
      toast({ variant: 'success', title: entity ? 'Entity saved' : 'Entity created' });
      onOpenChange(false);
    } catch (error) {
      showSaveError(form, error, 'Could not save the entity');
    }
  });

  const pending = create.isPending || update.isPending;
  return (
    <FormDialog
      className="max-w-xl"
      open={open}
      onOpenChange={onOpenChange}
      title={entity ? 'Edit entity' : 'New entity'}
      description="A legal entity: its spend is converted into its functional currency."
      submitLabel={entity ? 'Save' : 'Create entity'}
      pending={pending}
      onSubmit={submit}
      noValidate
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          <Input placeholder="Northwind GmbH" {...form.register('name')} />
        </FormField>
        <FormField label="Legal name" error={errors.legalName?.message}>
          <Input placeholder="Northwind Labs GmbH" {...form.register('legalName')} />
        </FormField>
        <FormField label="Country" hint="Two-letter ISO code" error={errors.country?.message}>
          <Input placeholder="DE" maxLength={2} {...form.register('country')} />
        </FormField>
        <FormField label="Functional currency" error={errors.functionalCurrency?.message}>
          <OptionsSelect {...form.register('functionalCurrency')} options={CURRENCY_OPTIONS.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))} />
        </FormField>
        <FormField label="Tax ID" error={errors.taxId?.message}>
          <Input placeholder="DE123456789" {...form.register('taxId')} />
        </FormField>
        <FormField label="Cost centre" error={errors.costCentre?.message}>
          <Input placeholder="CC-100" {...form.register('costCentre')} />
        </FormField>
      </div>
      <FormField label="Parent entity" error={errors.parentId?.message}>
        <OptionsSelect {...form.register('parentId')} emptyLabel="None (top level)" options={namedOptions(parents)} />
      </FormField>
    </FormDialog>
  );
}
