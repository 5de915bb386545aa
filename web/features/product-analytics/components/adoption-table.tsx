import type { Adoption } from '@common/contracts/product-analytics';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { percentText } from './format';

/** Per department: people, those holding a seat, those active, and adoption of the top applications. */
export function AdoptionTable({ adoption }: { adoption: Adoption }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Department</TableHead>
          <TableHead className="text-right">People</TableHead>
          <TableHead className="text-right">With a license</TableHead>
          <TableHead className="text-right">Active</TableHead>
          <TableHead className="text-right">Adoption</TableHead>
          {adoption.applications.map((a) => (
            <TableHead key={a.subscriptionId} className="text-right">
              {a.name}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {adoption.groups.map((g) => (
          <TableRow key={g.name ?? ''} data-testid="adoption-row">
            <TableCell>{g.name ?? <span className="text-muted-foreground">No department</span>}</TableCell>
            <TableCell className="text-right tabular-nums">{g.people}</TableCell>
            <TableCell className="text-right tabular-nums">{g.licensed}</TableCell>
            <TableCell className="text-right tabular-nums">{g.active}</TableCell>
            <TableCell className="text-right tabular-nums">{percentText(g.adoptionPct)}</TableCell>
            {g.applications.map((cell) => (
              <TableCell
                key={cell.subscriptionId}
                className="text-right tabular-nums"
                title={`${cell.active} active of ${cell.holders} holders`}
              >
                {percentText(cell.adoptionPct)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
