import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Edit, archive or restore, delete; the default one is only edited (it is where everything else falls back). */
export function RowActions(props: {
  name: string;
  archived: boolean;
  isDefault: boolean;
  onEdit: () => void;
  onArchive: (archived: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <span className="inline-flex gap-1">
      <Button variant="ghost" size="icon-sm" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
        <Pencil />
      </Button>
      {!props.isDefault && (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`${props.archived ? 'Restore' : 'Archive'} ${props.name}`}
            onClick={() => props.onArchive(!props.archived)}
          >
            {props.archived ? <ArchiveRestore /> : <Archive />}
          </Button>
          <Button variant="ghost" size="icon-sm" aria-label={`Delete ${props.name}`} onClick={props.onDelete}>
            <Trash2 />
          </Button>
        </>
      )}
    </span>
  );
}
