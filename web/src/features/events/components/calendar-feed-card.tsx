import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { Copy, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useResetCalendarFeed } from '../api/reset-calendar-feed';

/** The feed's full address (the answer gives the path). */
export const feedAddress = (path: string) => new URL(path, window.location.origin).href;

/**
 * Settings: the personal calendar feed (the player's own registrations) at a secret address a
 * phone subscribes to. Only its hash is kept (issue 24), so the address is shown once, right
 * after it is made; copy it then, or reset it later for a new one (the old one stops working).
 */
export function CalendarFeedCard() {
  const id = useId();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const fresh = reset.data?.url ?? feed.data?.url ?? null;
  const address = fresh ? feedAddress(fresh) : null;
  const exists = !!address || !!feed.data?.exists;

  const copy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Link copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy the link', description: address });
    }
  };

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => toast({ title: exists ? 'Calendar address reset' : 'Calendar address created' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          Subscribe to this address in your phone's calendar to see the events you registered for. Keep it
          private; reset it if it leaks. Signing out everywhere or changing your password ends it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {feed.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the calendar feed
          </p>
        ) : address ? (
          <div className="grid gap-2">
            <label htmlFor={id} className="text-sm font-medium">
              Feed address
            </label>
            <Input
              id={id}
              readOnly
              value={address}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <p className="text-sm text-muted-foreground">
              Copy it now: for your safety the address is shown only this once.
            </p>
          </div>
        ) : exists ? (
          <p className="text-sm text-muted-foreground">
            You have a calendar address
            {feed.data?.createdAt ? ` (made ${new Date(feed.data.createdAt).toLocaleDateString()})` : ''}. It
            is shown only once, when it is made: if you no longer have it, reset it to get a new one (the old
            one stops working).
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No calendar address yet.</p>
        )}
        <div className="flex flex-wrap gap-2">
          {address ? (
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy address
            </Button>
          ) : null}
          <Button
            variant={exists ? 'outline' : 'default'}
            onClick={onReset}
            disabled={reset.isPending || feed.isPending}
          >
            <RefreshCw className={reset.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
            {exists ? 'Reset address' : 'Create address'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
