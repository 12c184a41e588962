import { EVENT_IMPORT_TEXTS, importSummary } from '@contract/event-import';
import { EVENT_TEXTS, type ImportEventsBody } from '@contract/events';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/lib/toast';
import { Download, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useImportPreset } from '../api/get-import-preset';
import { useImportEvents } from '../api/import-events';
import { SELECT_CLASS } from './event-form';

const T = { ...EVENT_TEXTS, ...EVENT_IMPORT_TEXTS };

type Source = 'preset' | 'custom';

/** A picked file's text (FileReader: every browser, and jsdom, has it). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * Import Events (SPEC §2, §4): the preset events site (shown by name) is offered, and chosen at
 * first, only when the server has one (EVENTS_IMPORT_URL; the preset route answers its address or
 * null); otherwise the source is 'custom'. 'custom' asks for a feed address or an .ics file, and
 * Import stays disabled until one is given.
 */
export function ImportEvents() {
  const ids = useId();
  const [chosen, setChosen] = useState<Source | null>(null);
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const preset = useImportPreset();
  const run = useImportEvents();
  const presetName = preset.data?.name ?? T.presetSource;
  const hasPreset = !!preset.data?.url;
  const source: Source = hasPreset ? (chosen ?? 'preset') : 'custom';
  const ready = source === 'preset' || url.trim() !== '' || file !== null;

  const onImport = async () => {
    let body: ImportEventsBody;
    if (source === 'preset') body = { source: 'preset' };
    else if (file) body = { source: 'custom', ics: await readText(file) };
    else body = { source: 'custom', url: url.trim() };
    run.mutate(body, {
      onSuccess: (answer) => {
        toast({ title: T.importComplete, description: importSummary(answer) });
        setUrl('');
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.importEvents}</CardTitle>
        <CardDescription>
          iCalendar feeds (.ics) and pages with schema.org events. Duplicates are skipped.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-source`}>Source</Label>
          <select
            id={`${ids}-source`}
            className={SELECT_CLASS}
            value={source}
            onChange={(e) => setChosen(e.target.value as Source)}
          >
            {hasPreset ? <option value="preset">{presetName}</option> : null}
            <option value="custom">{T.customSource}</option>
          </select>
        </div>
        {source === 'custom' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-url`}>Feed address</Label>
              <Input
                id={`${ids}-url`}
                type="url"
                placeholder="https://example.com/events.ics"
                value={url}
                disabled={file !== null}
                onChange={(e) => setUrl(e.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-file`}>Or an .ics file</Label>
              <Input
                id={`${ids}-file`}
                ref={fileInput}
                type="file"
                accept=".ics,text/calendar"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </div>
          </div>
        ) : null}
        <div>
          <Button onClick={() => void onImport()} disabled={!ready || run.isPending}>
            {run.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {T.importButton}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
