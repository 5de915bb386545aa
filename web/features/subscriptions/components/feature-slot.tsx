import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A section of the application page that another feature fills (licenses, contracts, expenses).
 * Until it mounts its own component here, the heading and a short note show where it will live.
 */
export function FeatureSlot({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card id={id} data-slot={id}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">{children}</CardContent>
    </Card>
  );
}
