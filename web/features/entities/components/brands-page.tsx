import { Plus, Tags } from 'lucide-react';
import { Link } from 'react-router';
import type { BrandResponse } from '@common/contracts/entities';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeleteBrand } from '../api/delete-brand';
import { useBrands } from '../api/get-brands';
import { useUpdateBrand } from '../api/update-brand';
import { useEntities } from '../api/get-entities';
import { BrandDialog } from './brand-dialog';
import { BrandMark } from './brand-mark';
import { DeleteInUseDialog } from './delete-in-use-dialog';
import { RowActions } from './row-actions';
import { ScaleGate } from './scale-gate';
import { useEntitiesAccess } from './use-entities-access';
import { useListEditing } from './use-list-editing';

/** /app/brands — the brands the group operates, each leading to its own page. */
export function BrandsPage() {
  const access = useEntitiesAccess('brands');
  const brands = useBrands();
  const entities = useEntities();
  const update = useUpdateBrand();
  const remove = useDeleteBrand();
  const { editing, dialogOpen, setDialogOpen, deleting, setDeleting, openDialog, setArchived } =
    useListEditing<BrandResponse>((item, archived) => update.mutateAsync({ id: item.id, archived }));
  const list = brands.data ?? [];
  const entityName = new Map((entities.data ?? []).map((e) => [e.id, e.name]));

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScaleGate
        feature="brands"
        access={access}
        query={brands}
        header={
          <PageHeader
            title="Brands"
            description="The brands your group operates. Split shared applications across them to see what each one costs."
            actions={
              access.canWrite && (
                <Button onClick={() => openDialog(null)}>
                  <Plus /> New brand
                </Button>
              )
            }
          />
        }
      >
        {brands.isPending ? (
          <Spinner />
        ) : brands.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(brands.error, 'Could not load brands.')}
          </p>
        ) : list.length === 0 ? (
          <Card>
            <EmptyState icon={Tags} title="No brands yet" />
          </Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Brands">
            {list.map((brand) => (
              <li key={brand.id}>
                <Card className={`grid h-full gap-3 p-4 ${brand.archived ? 'opacity-70' : ''}`}>
                  <div className="flex items-start gap-3">
                    <BrandMark name={brand.name} color={brand.color} logoUrl={brand.logoUrl} />
                    <div className="grid min-w-0 flex-1 gap-1">
                      <Link to={`/app/brands/${brand.id}`} className="truncate font-semibold hover:underline">
                        {brand.name}
                      </Link>
                      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                        <span
                          aria-hidden
                          className="size-3 rounded-full border"
                          style={{ backgroundColor: brand.color }}
                        />
                        {brand.color}
                        {brand.isDefault && <Badge variant="secondary">Default</Badge>}
                        {brand.archived && <Badge variant="outline">Archived</Badge>}
                      </span>
                    </div>
                    {access.canWrite && (
                      <RowActions
                        name={brand.name}
                        archived={brand.archived}
                        isDefault={brand.isDefault}
                        onEdit={() => openDialog(brand)}
                        onArchive={(archived) => setArchived(brand, archived)}
                        onDelete={() => setDeleting(brand)}
                      />
                    )}
                  </div>
                  {brand.description && <p className="text-sm text-muted-foreground">{brand.description}</p>}
                  <dl className="grid grid-cols-3 gap-2 text-xs">
                    <div>
                      <dt className="text-muted-foreground">Entity</dt>
                      <dd className="truncate">
                        {brand.entityId ? (entityName.get(brand.entityId) ?? '—') : '—'}
                      </dd>
                    </div>
                    <div>
                      <dt
                        className="text-muted-foreground"
                        title="Active people: their own brand, else their department's, else the default brand"
                      >
                        People
                      </dt>
                      <dd className="tabular-nums">{brand.peopleCount}</dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">Uses</dt>
                      <dd className="tabular-nums">{brand.allocationCount}</dd>
                    </div>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ScaleGate>
      <BrandDialog
        brand={editing}
        entities={entities.data ?? []}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
      />
      <DeleteInUseDialog
        noun="brand"
        target={deleting}
        alternatives={list.filter((b) => b.id !== deleting?.id && !b.archived)}
        onClose={() => setDeleting(null)}
        onDelete={remove.mutateAsync}
      />
    </div>
  );
}
