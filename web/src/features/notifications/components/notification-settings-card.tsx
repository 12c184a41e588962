import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KIND_GROUPS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type PreferencesBody,
} from '@contract/notifications';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorText } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { Info, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { usePreferences, useUpdatePreferences } from '../api/preferences';

const T = NOTIFICATION_TEXTS;
type Channels = Record<NotificationKind, NotificationChannel>;

/** Each kind's channel (the default for one the answer leaves out). */
const channelsOf = (saved: NotificationPreferences): Channels => ({
  ...NOTIFICATION_DEFAULTS,
  ...saved.kinds,
});

/** The body of a save: only the kinds changed, and the digest when it changed (nothing: null). */
export function changesOf(
  saved: NotificationPreferences,
  kinds: Channels,
  digest: boolean,
): PreferencesBody | null {
  const before = channelsOf(saved);
  const changed: Partial<Channels> = {};
  for (const kind of NOTIFICATION_KINDS) if (kinds[kind] !== before[kind]) changed[kind] = kinds[kind];
  const body: PreferencesBody = {};
  if (Object.keys(changed).length > 0) body.kinds = changed;
  if (digest !== saved.digest) body.digest = digest;
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * Settings' Notifications section: for each kind (in its group), in the app, by email too, or off;
 * and the daily digest. When the site sends no mail, the email choices and the digest are disabled
 * and the card says why. Saved with one PUT of what changed, with a toast.
 */
export function NotificationSettingsCard() {
  const preferences = usePreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.settingsTitle}</CardTitle>
        <CardDescription>{T.settingsIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <div
            className="grid gap-3"
            role="status"
            aria-busy="true"
            aria-label="Loading notification settings"
          >
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : preferences.data ? (
          <PreferencesForm key={preferences.dataUpdatedAt} saved={preferences.data} />
        ) : (
          <p role="alert" className="text-sm text-destructive">
            Failed to load notification settings
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const id = useId();
  const [kinds, setKinds] = useState<Channels>(() => channelsOf(saved));
  const [digest, setDigest] = useState(saved.digest);
  const update = useUpdatePreferences();
  const email = saved.emailConfigured;
  const body = changesOf(saved, kinds, digest);
  // Without mail, a kind set to email is told in the app only: so it reads (the choice is kept
  // for the day the site sends mail, unless changed).
  const shown = (kind: NotificationKind) => (!email && kinds[kind] === 'email' ? 'app' : kinds[kind]);

  return (
    <form
      className="grid gap-6"
      aria-label={T.settingsTitle}
      onSubmit={(event) => {
        event.preventDefault();
        if (body) update.mutate(body, { onSuccess: () => toast({ title: T.saved }) });
      }}
    >
      {email ? null : (
        <p className="flex items-start gap-2 rounded-lg border border-border bg-muted/60 p-3 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {T.emailNotConfigured}
        </p>
      )}
      {NOTIFICATION_KIND_GROUPS.map((group) => (
        <fieldset key={group.title} className="grid gap-3">
          <legend className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {group.title}
          </legend>
          {group.kinds.map((kind) => (
            <div key={kind} className="grid gap-1.5 sm:grid-cols-[1fr_15rem] sm:items-center sm:gap-4">
              <label htmlFor={`${id}-${kind}`} className="text-sm font-medium">
                {NOTIFICATION_KIND_LABELS[kind]}
              </label>
              <select
                id={`${id}-${kind}`}
                value={shown(kind)}
                onChange={(e) => setKinds((k) => ({ ...k, [kind]: e.target.value as NotificationChannel }))}
                className="flex h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 md:h-10"
              >
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <option key={channel} value={channel} disabled={channel === 'email' && !email}>
                    {NOTIFICATION_CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      ))}
      <div className="flex items-center justify-between gap-4 border-t border-border pt-5">
        <label htmlFor={`${id}-digest`} className={cn('text-sm font-medium', !email && 'opacity-60')}>
          {T.digest}
        </label>
        <button
          id={`${id}-digest`}
          type="button"
          role="switch"
          aria-checked={digest}
          disabled={!email}
          onClick={() => setDigest((d) => !d)}
          className="group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full outline-none disabled:cursor-not-allowed disabled:opacity-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <span
            className={cn(
              'relative h-6 w-11 rounded-full border border-transparent transition-colors',
              digest ? 'bg-primary' : 'bg-input',
            )}
          >
            <span
              className={cn(
                'absolute top-0.5 left-0.5 size-[1.125rem] rounded-full bg-background shadow-sm transition-transform',
                digest && 'translate-x-5',
              )}
            />
          </span>
        </button>
      </div>
      {update.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {T.saveFailed}: {errorText(update.error)}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={!body || update.isPending}>
          <Save aria-hidden="true" />
          {update.isPending ? 'Saving...' : 'Save notification settings'}
        </Button>
      </div>
    </form>
  );
}
