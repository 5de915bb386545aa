import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** An /app path that does not exist, shown inside the shell so navigation stays at hand. */
export function AppNotFound() {
  return (
    <Card className="mx-auto w-full max-w-xl">
      <EmptyState
        icon={Compass}
        title="Page not found"
        description="This page does not exist in your workspace. It may have moved, or the link may be mistyped."
        className="py-14"
        action={
          <Button asChild>
            <Link to="/app">Back to dashboard</Link>
          </Button>
        }
      />
    </Card>
  );
}
