import { NativeSelect } from '@/components/ui/input';
import { hasAllocationChoices, useAllocationOptions } from '@/lib/entities/get-allocation-options';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';

/**
 * Entity and brand dropdowns shared by the lists and the dashboard (URL state `entity`, `brand`).
 * Hidden while the organization has only its default entity and brand (always so below Scale).
 */
export default function AllocationFilterSelect() {
  const options = useAllocationOptions();
  const { filter, setFilter } = useAllocationFilter();
  if (!hasAllocationChoices(options.data)) return null;
  const { entities, brands } = options.data!;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="allocation-filter">
      {entities.length > 1 && (
        <NativeSelect
          aria-label="Entity"
          className="w-44"
          value={filter.entityId ?? ''}
          onChange={(event) => setFilter({ entity: event.target.value || null })}
        >
          <option value="">All entities</option>
          {entities.map((entity) => (
            <option key={entity.id} value={entity.id}>
              {entity.name}
              {entity.archived ? ' (archived)' : ''}
            </option>
          ))}
        </NativeSelect>
      )}
      {brands.length > 1 && (
        <NativeSelect
          aria-label="Brand"
          className="w-44"
          value={filter.brandId ?? ''}
          onChange={(event) => setFilter({ brand: event.target.value || null })}
        >
          <option value="">All brands</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
              {brand.archived ? ' (archived)' : ''}
            </option>
          ))}
        </NativeSelect>
      )}
    </div>
  );
}
