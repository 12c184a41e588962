import { ADMIN_TEXTS } from '@contract/admin';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { Ban, Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useAddBlockedWord } from '../api/add-blocked-word';
import { useBlockedWords } from '../api/get-blocked-words';
import { useRemoveBlockedWord } from '../api/remove-blocked-word';

/**
 * SPEC §2 Blocked words: a text input (trimmed, Add disabled when empty, Enter submits), the
 * list, and a remove action per word. Posts and comments using a blocked word (as a whole word,
 * in any case) are refused by the server.
 */
export function BlockedWords() {
  const words = useBlockedWords();
  const add = useAddBlockedWord();
  const remove = useRemoveBlockedWord();
  const [word, setWord] = useState('');
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const inputId = useId();
  const trimmed = word.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || add.isPending) return;
    try {
      await add.mutateAsync(trimmed);
      setWord('');
      toast({ title: ADMIN_TEXTS.blockedWordAdded });
    } catch {
      // The toast comes from the mutation's meta.
    }
  };

  const removeWord = async (id: string) => {
    setRemoving((ids) => new Set(ids).add(id));
    try {
      await remove.mutateAsync(id);
      toast({ title: ADMIN_TEXTS.blockedWordRemoved });
    } catch {
      // The toast comes from the mutation's meta.
    } finally {
      setRemoving((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ban className="size-5 text-primary" aria-hidden="true" />
          Blocked words
        </CardTitle>
        <CardDescription>
          Posts and comments that use one of these words or phrases (whole words, any case) are refused.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={submit} className="grid gap-2">
          <Label htmlFor={inputId}>Word or phrase</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              value={word}
              onChange={(e) => setWord(e.target.value)}
              placeholder="Enter a word to block"
              maxLength={100}
              autoComplete="off"
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={!trimmed || add.isPending}>
              <Plus aria-hidden="true" />
              {add.isPending ? 'Adding...' : 'Add'}
            </Button>
          </div>
        </form>

        {words.isPending ? (
          <div className="flex flex-wrap gap-2" aria-busy="true">
            <Skeleton className="h-8 w-20 rounded-full" />
            <Skeleton className="h-8 w-28 rounded-full" />
            <Skeleton className="h-8 w-16 rounded-full" />
          </div>
        ) : words.isError ? (
          <p className="text-sm text-destructive">{ADMIN_TEXTS.fetchBlockedWordsFailed}</p>
        ) : words.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {ADMIN_TEXTS.noBlockedWords}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Blocked words">
            {words.data.map((w) => (
              <li
                key={w.id}
                className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-1 pr-1 pl-3 text-sm"
              >
                <span className="min-w-0 break-words">{w.word}</span>
                <button
                  type="button"
                  aria-label={`Remove ${w.word}`}
                  disabled={removing.has(w.id)}
                  onClick={() => void removeWord(w.id)}
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
