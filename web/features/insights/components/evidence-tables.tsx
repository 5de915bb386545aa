import { Link } from 'react-router';
import type { InsightDetail } from '@common/contracts/insights';
import type { EvidenceKind } from '@common/insights/opportunity';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { EVIDENCE_KIND_LABELS, evidenceLink } from '../labels';

type Evidence = InsightDetail['evidence'][number];

const show = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** The records the finding rests on, one table per kind, each record linked to its page. */
export function EvidenceTables({ evidence }: { evidence: Evidence[] }) {
  const groups = new Map<EvidenceKind, Evidence[]>();
  for (const item of evidence) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item]);
  if (groups.size === 0) return <p className="text-sm text-muted-foreground">No records attached.</p>;

  return (
    <div className="grid gap-5">
      {[...groups].map(([kind, items]) => {
        const columns = [...new Set(items.flatMap((item) => Object.keys(item.figures)))];
        const heading = EVIDENCE_KIND_LABELS[kind] ?? kind;
        return (
          <section key={kind} className="grid gap-2">
            <h3 className="text-sm font-semibold">{heading}</h3>
            <div className="overflow-x-auto rounded-md border">
              <Table aria-label={heading}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    {columns.map((column) => (
                      <TableHead key={column}>{column}</TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((item, index) => {
                    const to = evidenceLink(item.kind, item.id);
                    return (
                      <TableRow key={`${item.id ?? 'derived'}-${index}`}>
                        <TableCell className="font-medium">
                          {to ? (
                            <Link to={to} className="text-primary hover:underline">
                              {item.label}
                            </Link>
                          ) : (
                            item.label
                          )}
                        </TableCell>
                        {columns.map((column) => (
                          <TableCell key={column} className="tabular-nums">
                            {show(item.figures[column])}
                          </TableCell>
                        ))}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
          </section>
        );
      })}
    </div>
  );
}
