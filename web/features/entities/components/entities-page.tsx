import { Building2, Plus } from 'lucide-react';
import type { EntityResponse } from '@common/contracts/entities';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useDeleteEntity } from '../api/delete-entity';
import { useEntities } from '../api/get-entities';
import { useUpdateEntity } from '../api/update-entity';
import { DeleteInUseDialog } from './delete-in-use-dialog';
import { DepartmentsCard } from './departments-card';
import { EntityDialog } from './entity-dialog';
import { entityTree } from './entity-tree';
import { RowActions } from './row-actions';
import { ScaleGate } from './scale-gate';
import { useEntitiesAccess } from './use-entities-access';
import { useListEditing } from './use-list-editing';

/** /app/entities — the legal entities as a tree, and which entity and brand each department bills to. */
export function EntitiesPage() {
  const access = useEntitiesAccess('entities');
  const organization = useOrganization();
  const entities = useEntities();
  const update = useUpdateEntity();
  const remove = useDeleteEntity();
  const { editing, dialogOpen, setDialogOpen, deleting, setDeleting, openDialog, setArchived } =
    useListEditing<EntityResponse>((item, archived) => update.mutateAsync({ id: item.id, archived }));
  const list = entities.data ?? [];

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <ScaleGate
        feature="entities"
        access={access}
        query={entities}
        header={
          <PageHeader
            title="Entities"
            description="The legal entities of your group. Applications, expenses and budgets belong to one, or are split across several."
            actions={
              access.canWrite && (
                <Button onClick={() => openDialog(null)}>
                  <Plus /> New entity
                </Button>
              )
            }
          />
        }
      >
        <Card className="overflow-hidden p-0">
          {entities.isPending ? (
            <div className="flex justify-center p-10">
              <Spinner />
            </div>
          ) : entities.isError ? (
            <p role="alert" className="p-6 text-sm text-destructive">
              {errorMessage(entities.error, 'Could not load entities.')}
            </p>
          ) : list.length === 0 ? (
            <EmptyState icon={Building2} title="No entities yet" />
          ) : (
            <Table className="text-[13px]">
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Legal name</TableHead>
                  <TableHead>Country</TableHead>
                  <TableHead>Currency</TableHead>
                  <TableHead>Tax ID</TableHead>
                  <TableHead>Cost centre</TableHead>
                  <TableHead>Brands</TableHead>
                  <TableHead>Uses</TableHead>
                  {access.canWrite && <TableHead className="sr-only">Actions</TableHead>}
                </TableRow>
              </TableHeader>
              <TableBody>
                {entityTree(list).map(({ entity, depth }) => (
                  <TableRow key={entity.id} className={entity.archived ? 'text-muted-foreground' : undefined}>
                    <TableCell className="py-2 font-medium">
                      {/* Children sit under their parent, indented one step per level. */}
                      <span className="flex items-center gap-2" style={{ paddingLeft: `${depth * 1.25}rem` }}>
                        {entity.name}
                        {entity.isDefault && <Badge variant="secondary">Default</Badge>}
                        {entity.archived && <Badge variant="outline">Archived</Badge>}
                      </span>
                    </TableCell>
                    <TableCell className="py-2">{entity.legalName ?? '—'}</TableCell>
                    <TableCell className="py-2">{entity.country ?? '—'}</TableCell>
                    <TableCell className="py-2">{entity.functionalCurrency}</TableCell>
                    <TableCell className="py-2">{entity.taxId ?? '—'}</TableCell>
                    <TableCell className="py-2">{entity.costCentre ?? '—'}</TableCell>
                    <TableCell className="py-2 tabular-nums">{entity.brandCount}</TableCell>
                    <TableCell className="py-2 tabular-nums">{entity.allocationCount}</TableCell>
                    {access.canWrite && (
                      <TableCell className="py-1 text-right">
                        <RowActions
                          name={entity.name}
                          archived={entity.archived}
                          isDefault={entity.isDefault}
                          onEdit={() => openDialog(entity)}
                          onArchive={(archived) => setArchived(entity, archived)}
                          onDelete={() => setDeleting(entity)}
                        />
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
        {entities.isSuccess && <DepartmentsCard canWrite={access.canWrite} />}
      </ScaleGate>
      <EntityDialog
        entity={editing}
        entities={list}
        currency={organization.data?.currency ?? 'USD'}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
      />
      <DeleteInUseDialog
        noun="entity"
        target={deleting}
        alternatives={list.filter((e) => e.id !== deleting?.id && !e.archived)}
        onClose={() => setDeleting(null)}
        onDelete={remove.mutateAsync}
      />
    </div>
  );
}
