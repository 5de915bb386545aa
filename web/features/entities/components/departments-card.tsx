import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useDepartments } from '@/lib/people/get-departments';
import { errorMessage } from '@/lib/api-client';
import { useBrands } from '../api/get-brands';
import { useDepartmentAllocations, type DepartmentAllocation } from '../api/get-department-allocations';
import { usePutDepartmentAllocations } from '../api/put-department-allocations';
import { useEntities } from '../api/get-entities';

type Mapping = Record<string, { entityId: string; brandId: string }>;

const toMapping = (items: DepartmentAllocation[]): Mapping =>
  Object.fromEntries(items.map((i) => [i.department, { entityId: i.entityId, brandId: i.brandId }]));

/**
 * Which entity and brand each department bills to: people without their own entity or brand follow
 * their department, and so do applications allocated "by department". Unmapped = the defaults.
 */
export function DepartmentsCard({ canWrite }: { canWrite: boolean }) {
  const departments = useDepartments();
  const saved = useDepartmentAllocations();
  const entities = useEntities();
  const brands = useBrands();
  const save = usePutDepartmentAllocations();
  const [mapping, setMapping] = useState<Mapping>({});

  useEffect(() => {
    if (saved.data) setMapping(toMapping(saved.data));
  }, [saved.data]);

  // People's departments, and mapped ones nobody is in any more (so they can be unmapped).
  const names = useMemo(
    () =>
      [
        ...new Set([
          ...(departments.data ?? []).map((d) => d.name),
          ...(saved.data ?? []).map((d) => d.department),
        ]),
      ].sort((a, b) => a.localeCompare(b)),
    [departments.data, saved.data],
  );
  const half = names.find((n) => mapping[n] && (!mapping[n].entityId || !mapping[n].brandId));
  const set = (department: string, field: 'entityId' | 'brandId', value: string) =>
    setMapping((m) => ({
      ...m,
      [department]: { ...(m[department] ?? { entityId: '', brandId: '' }), [field]: value },
    }));
  const submit = () =>
    save.mutate(
      {
        items: names
          .filter((n) => mapping[n]?.entityId && mapping[n].brandId)
          .map((department) => ({ department, ...mapping[department]! })),
      },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Departments saved' }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(e) }),
      },
    );

  const loading = departments.isPending || saved.isPending || entities.isPending || brands.isPending;
  const failed = departments.error ?? saved.error ?? entities.error ?? brands.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Departments</CardTitle>
        <CardDescription>
          People without their own entity or brand, and applications split by department, follow their
          department. A department left unmapped counts towards the default entity and brand.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {loading ? (
          <Spinner />
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(failed, 'Could not load the departments.')}
          </p>
        ) : names.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No departments yet: they come from the people you add or import.
          </p>
        ) : (
          <>
            <Table className="text-[13px]">
              <TableHeader>
                <TableRow>
                  <TableHead>Department</TableHead>
                  <TableHead>Entity</TableHead>
                  <TableHead>Brand</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {names.map((name) => (
                  <TableRow key={name}>
                    <TableCell className="py-2 font-medium">{name}</TableCell>
                    <TableCell className="py-2">
                      <NativeSelect
                        aria-label={`Entity of ${name}`}
                        disabled={!canWrite}
                        value={mapping[name]?.entityId ?? ''}
                        onChange={(e) => set(name, 'entityId', e.target.value)}
                      >
                        <option value="">Default</option>
                        {(entities.data ?? [])
                          .filter((e) => !e.archived || e.id === mapping[name]?.entityId)
                          .map((e) => (
                            <option key={e.id} value={e.id}>
                              {e.name}
                            </option>
                          ))}
                      </NativeSelect>
                    </TableCell>
                    <TableCell className="py-2">
                      <NativeSelect
                        aria-label={`Brand of ${name}`}
                        disabled={!canWrite}
                        value={mapping[name]?.brandId ?? ''}
                        onChange={(e) => set(name, 'brandId', e.target.value)}
                      >
                        <option value="">Default</option>
                        {(brands.data ?? [])
                          .filter((b) => !b.archived || b.id === mapping[name]?.brandId)
                          .map((b) => (
                            <option key={b.id} value={b.id}>
                              {b.name}
                            </option>
                          ))}
                      </NativeSelect>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {canWrite && (
              <div className="flex items-center justify-end gap-3">
                {half && (
                  <p role="alert" className="text-sm text-destructive">
                    Choose both an entity and a brand for {half}, or neither.
                  </p>
                )}
                <Button disabled={save.isPending || half !== undefined} onClick={submit}>
                  Save departments
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
