import {
  CATALOG_LIMITS,
  CATALOG_TEXTS,
  type CatalogImportPreview,
  type CatalogImportSource,
  formatPrice,
  type ImportRow,
} from '@contract/catalog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { Eye, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useCommitPriceList, usePreviewPriceList } from '../api/import-price-list';

const T = CATALOG_TEXTS;

const STATUS_STYLE: Record<ImportRow['status'], string> = {
  added: 'bg-green-600/15 text-green-800 dark:text-green-300',
  updated: 'bg-primary/15 text-primary',
  unchanged: 'bg-muted text-muted-foreground',
  unmatched: 'bg-destructive/15 text-destructive',
};

/**
 * Manage Catalog's price-list import: a CSV pasted or uploaded, or a feed address; Preview shows
 * what each row would do (added, updated, unchanged, unmatched) and nothing is stored until
 * Import, which sends the same list with the preview's digest. Changing the list drops the preview.
 */
export function CatalogImport() {
  const ids = useId();
  const [mode, setMode] = useState<'csv' | 'url'>('csv');
  const [csv, setCsv] = useState('');
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<{
    source: CatalogImportSource;
    answer: CatalogImportPreview;
  } | null>(null);
  const previewCall = usePreviewPriceList();
  const commitCall = useCommitPriceList();
  const source: CatalogImportSource = mode === 'csv' ? { csv } : { url: url.trim() };
  const ready = mode === 'csv' ? csv.trim() !== '' : url.trim() !== '';

  const changed = () => {
    setPreview(null);
    previewCall.reset();
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setCsv(await file.text());
    changed();
  };

  const runPreview = () => {
    const asked = source;
    previewCall.mutate(asked, { onSuccess: (answer) => setPreview({ source: asked, answer }) });
  };

  const runCommit = () => {
    if (!preview) return;
    commitCall.mutate(
      { ...preview.source, digest: preview.answer.digest },
      {
        onSuccess: (result) => {
          toast({ title: T.importComplete, description: T.importSummary(result) });
          setPreview(null);
        },
      },
    );
  };

  const storable = preview ? preview.answer.added + preview.answer.updated : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.importHeading}</CardTitle>
        <CardDescription>{T.importHelp}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Tabs
          value={mode}
          onValueChange={(v) => {
            setMode(v as 'csv' | 'url');
            changed();
          }}
        >
          <TabsList>
            <TabsTrigger value="csv">{T.fromCsv}</TabsTrigger>
            <TabsTrigger value="url">{T.fromFeed}</TabsTrigger>
          </TabsList>
          <TabsContent value="csv" className="space-y-3 pt-3">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-file`}>{T.csvFile}</Label>
              <Input id={`${ids}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={onFile} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-csv`}>{T.csvText}</Label>
              <Textarea
                id={`${ids}-csv`}
                rows={6}
                className="font-mono text-xs"
                maxLength={CATALOG_LIMITS.csvMaxChars}
                placeholder="vendor,brand,model,price,currency,url,in stock"
                value={csv}
                onChange={(e) => {
                  setCsv(e.target.value);
                  changed();
                }}
              />
            </div>
          </TabsContent>
          <TabsContent value="url" className="space-y-3 pt-3">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-url`}>{T.feedUrl}</Label>
              <Input
                id={`${ids}-url`}
                type="url"
                inputMode="url"
                placeholder="https://vendor.example.com/prices.csv"
                maxLength={CATALOG_LIMITS.url}
                value={url}
                onChange={(e) => {
                  setUrl(e.target.value);
                  changed();
                }}
              />
            </div>
          </TabsContent>
        </Tabs>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!ready || previewCall.isPending}
            onClick={runPreview}
          >
            <Eye aria-hidden="true" />
            {previewCall.isPending ? T.previewing : T.preview}
          </Button>
          <Button
            type="button"
            disabled={!preview || storable === 0 || commitCall.isPending}
            onClick={runCommit}
          >
            <Upload aria-hidden="true" />
            {commitCall.isPending ? T.committing : T.commit}
          </Button>
        </div>
        {previewCall.isError ? (
          <p role="alert" className="text-sm break-words text-destructive">
            {errorText(previewCall.error)}
          </p>
        ) : null}
        {commitCall.isError ? (
          <p role="alert" className="text-sm break-words text-destructive">
            {errorText(commitCall.error)}
          </p>
        ) : null}
        {preview ? <PreviewTable preview={preview.answer} /> : null}
      </CardContent>
    </Card>
  );
}

function PreviewTable({ preview }: { preview: CatalogImportPreview }) {
  const storable = preview.added + preview.updated;
  return (
    <section aria-label={T.preview} className="space-y-2">
      <p className="text-sm font-medium" data-testid="import-summary">
        {T.importSummary(preview)}
      </p>
      {storable === 0 ? <p className="text-sm text-muted-foreground">{T.nothingToImport}</p> : null}
      <div className="max-h-[480px] overflow-auto rounded-lg border border-border">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-card">
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="px-2 py-2 font-medium">
                #
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {T.status}
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {T.vendor}
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {T.match}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                {T.price}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} className="border-b border-border last:border-0" data-status={r.status}>
                <td className="px-2 py-2 align-top text-muted-foreground">{r.line}</td>
                <td className="px-2 py-2 align-top">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[r.status]}`}>
                    {T.statusLabels[r.status]}
                  </span>
                </td>
                <td className="px-2 py-2 align-top break-words">{r.vendor}</td>
                <td className="px-2 py-2 align-top break-words">
                  <span className="block">
                    {r.brand} {r.model}
                  </span>
                  {r.productTitle ? (
                    <span className="block text-xs text-muted-foreground">→ {r.productTitle}</span>
                  ) : null}
                </td>
                <td className="px-2 py-2 text-right align-top whitespace-nowrap">
                  {r.previousPrice !== null && r.status === 'updated' ? (
                    <span className="block text-xs text-muted-foreground line-through">
                      {formatPrice(r.previousPrice, r.previousCurrency ?? r.currency)}
                    </span>
                  ) : null}
                  {formatPrice(r.price, r.currency)}
                  <span className="block text-xs text-muted-foreground">
                    {r.inStock ? T.inStock : T.outOfStock}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
