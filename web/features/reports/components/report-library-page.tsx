import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useReportLibrary } from '../api/get-report-library';
import { ReportBrandingCard } from './report-branding-card';

/**
 * /app/reports — the report library as cards. `actions` leaves room in the header for links such
 * as "Scheduled reports".
 */
export function ReportLibraryPage({ actions }: { actions?: ReactNode }) {
  const library = useReportLibrary();
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Reports"
        description="Ready reports for finance and leadership: on screen, as PDF, Excel or CSV."
        actions={actions}
      />
      {library.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : !library.data ? (
        <p className="text-sm text-destructive" role="alert">
          The reports could not be loaded: {errorMessage(library.error)}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {library.data.map((report) => (
            <Card key={report.key} data-testid="report-card" className="flex flex-col">
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <FileText className="size-4 text-primary" aria-hidden />
                  {report.title}
                </CardTitle>
                <CardDescription>{report.description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/app/reports/${report.key}`} aria-label={`Open ${report.title}`}>
                    Open
                  </Link>
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <ReportBrandingCard />
    </div>
  );
}
