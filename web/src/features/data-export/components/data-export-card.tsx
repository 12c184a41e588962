import { EXPORT_TEXTS, type UserExportAnswer } from '@contract/data-export';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { Download, FileArchive, RefreshCw } from 'lucide-react';
import { inProgress, useDataExport } from '../api/get-data-export';
import { useRequestDataExport } from '../api/request-data-export';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * Settings: "Download my data" (issue 24). The player asks for a ZIP of everything the site holds
 * about them; while it is prepared the state is asked again every few seconds; once ready, a
 * Download link and the day it goes; a failed one can be asked again.
 */
export function DataExportCard() {
  const state = useDataExport();
  const request = useRequestDataExport();
  const data: UserExportAnswer | undefined = state.data;
  const preparing = inProgress(data?.status) || request.isPending;

  const requestButton = (label: string, variant: 'default' | 'outline') => (
    <Button
      size="lg"
      variant={variant}
      className="w-full sm:w-auto"
      onClick={() => request.mutate()}
      disabled={request.isPending}
    >
      {variant === 'default' ? <FileArchive aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
      {label}
    </Button>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{EXPORT_TEXTS.title}</CardTitle>
        <CardDescription>{EXPORT_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3" aria-live="polite">
        {state.isPending ? (
          <Skeleton className="h-11 w-full sm:w-48" />
        ) : state.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {EXPORT_TEXTS.loadFailed}
          </p>
        ) : preparing ? (
          <div className="flex items-center gap-3">
            <Spinner label={EXPORT_TEXTS.preparing} className="text-primary" />
            <p className="text-sm">{EXPORT_TEXTS.preparing}</p>
          </div>
        ) : data?.status === 'ready' && data.downloadUrl ? (
          <div className="grid gap-3">
            <p className="text-sm">
              {EXPORT_TEXTS.ready}
              {data.size ? ` (${formatSize(data.size)})` : ''}
              {data.expiresAt ? ` Available until ${formatDate(data.expiresAt)}.` : ''}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild size="lg" className="w-full sm:w-auto">
                <a href={data.downloadUrl} download>
                  <Download aria-hidden="true" />
                  {EXPORT_TEXTS.download}
                </a>
              </Button>
              {requestButton(EXPORT_TEXTS.requestAgain, 'outline')}
            </div>
          </div>
        ) : data?.status === 'failed' ? (
          <div className="grid gap-3">
            <p role="alert" className="text-sm text-destructive">
              {EXPORT_TEXTS.failed}
            </p>
            <div>{requestButton(EXPORT_TEXTS.retry, 'outline')}</div>
          </div>
        ) : (
          <div>{requestButton(EXPORT_TEXTS.request, 'default')}</div>
        )}
      </CardContent>
    </Card>
  );
}
