import { CHECKIN_TEXTS, type CheckInData, type ChronoResult, gateTime } from '@contract/checkin';
import { WAIVER_STATE_LABELS } from '@contract/game-day';
import { REPLICA_CLASS_LABELS, REPLICA_CLASSES, type ReplicaClass } from '@contract/garage';
import { PageTitle } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageSpinner } from '@web/components/ui/spinner';
import { ApiError, errorText } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import {
  checkInLocally,
  fetchRoster,
  type GateOutcome,
  type RosterPlayer,
  recordChronoLocally,
  type SyncState,
  signWaiverLocally,
  syncAll,
  waitingCounts,
} from './gate';
import { registerCheckInWorker } from './register-sw';

const Scanner = lazy(() => import('./scanner').then((m) => ({ default: m.Scanner })));
const WaiverDialog = lazy(() =>
  import('@web/components/waiver-dialog').then((m) => ({ default: m.WaiverDialog })),
);

const NOTHING_WAITING: SyncState = { scans: 0, readings: 0, signatures: 0, problems: [] };

/** /events/{id}/check-in: the gate, for the event's organisers; keeps working with no network. */
export function CheckInView({ eventId }: { eventId: string }) {
  const [data, setData] = useState<CheckInData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [waiting, setWaiting] = useState<SyncState>(NOTHING_WAITING);
  const [outcome, setOutcome] = useState<GateOutcome | null>(null);
  const [code, setCode] = useState('');
  const [query, setQuery] = useState('');
  const [scanning, setScanning] = useState(false);

  /** Sends what waits; keeps the server's refusals said until the next sync that has none. */
  const sync = useCallback(async () => {
    const state = await syncAll(eventId);
    setWaiting((was) => ({ ...state, problems: state.problems.length ? state.problems : was.problems }));
    return state;
  }, [eventId]);
  const recount = useCallback(async () => {
    const counts = await waitingCounts(eventId);
    setWaiting((was) => ({ ...counts, problems: was.problems }));
  }, [eventId]);

  const load = useCallback(async () => {
    try {
      const state = await syncAll(eventId).catch(() => null);
      if (state?.problems.length) setWaiting((was) => ({ ...was, problems: state.problems }));
      const { data: roster } = await fetchRoster(eventId);
      setData(roster);
      setError(null);
    } catch (e) {
      setError(
        e instanceof ApiError && e.status === 403
          ? CHECKIN_TEXTS.forbidden
          : errorText(e, CHECKIN_TEXTS.loadFailed),
      );
    }
    await recount();
  }, [eventId, recount]);

  useEffect(() => {
    void registerCheckInWorker();
    void load();
    const up = () => {
      setOnline(true);
      void load();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [load]);

  /** After a change on the device: count what waits, and send it at once when there is network. */
  const afterChange = useCallback(async () => {
    await recount();
    if (navigator.onLine) {
      const state = await sync();
      if (state.problems.length) {
        const { data: roster } = await fetchRoster(eventId).catch(() => ({ data: null }));
        if (roster) setData(roster);
      }
    }
  }, [eventId, recount, sync]);

  const checkIn = useCallback(
    async (target: { code: string } | { userId: string }) => {
      if (!data) return;
      const result = await checkInLocally(data, target);
      setData(result.data);
      setOutcome(result.outcome);
      await afterChange();
    },
    [data, afterChange],
  );
  const changed = useCallback(
    async (updated: CheckInData, userId: string) => {
      setData(updated);
      setOutcome((o) => {
        const player = updated.players.find((p) => p.userId === userId);
        return o && player && o.player?.userId === userId ? { ...o, player } : o;
      });
      await afterChange();
    },
    [afterChange],
  );
  const onScanError = useCallback((message: string) => {
    setScanning(false);
    setOutcome({ player: null, tone: 'error', message });
  }, []);

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!data || !q) return [];
    return data.players.filter((p) => p.username.toLowerCase().includes(q)).slice(0, 20);
  }, [data, query]);

  if (error && !data)
    return (
      <p role="alert" className="text-destructive">
        {error}
      </p>
    );
  if (!data) return <PageSpinner />;
  const checked = data.players.filter((p) => p.checkedInAt).length;
  return (
    <div className="space-y-4">
      <PageTitle
        title={`${CHECKIN_TEXTS.checkInTitle}: ${data.event.title}`}
        description={CHECKIN_TEXTS.players(checked, data.players.length)}
      />
      <p role="status" className="text-sm" data-testid="sync-state">
        {!online ? `${CHECKIN_TEXTS.offline}. ` : ''}
        {waiting.scans + waiting.readings + waiting.signatures > 0
          ? CHECKIN_TEXTS.waiting(waiting.scans, waiting.readings, waiting.signatures)
          : CHECKIN_TEXTS.allSynced}
      </p>
      {waiting.problems.length > 0 && (
        <ul role="alert" className="space-y-1 text-destructive text-sm" data-testid="sync-problems">
          {waiting.problems.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <Card>
        <CardContent className="space-y-3 pt-6">
          <div className="flex flex-wrap gap-2">
            <Button className="min-h-11" onClick={() => setScanning((s) => !s)}>
              {scanning ? CHECKIN_TEXTS.stopScan : CHECKIN_TEXTS.scan}
            </Button>
          </div>
          {scanning && (
            <Suspense fallback={<PageSpinner />}>
              <Scanner onCode={(c) => void checkIn({ code: c })} onError={onScanError} />
            </Suspense>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!code.trim()) return;
              void checkIn({ code });
              setCode('');
            }}
          >
            <div className="min-w-0 flex-1 space-y-1">
              <Label htmlFor="ticket-code">{CHECKIN_TEXTS.typeCode}</Label>
              <Input
                id="ticket-code"
                className="min-h-11 font-mono uppercase"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <Button type="submit" className="min-h-11">
              {CHECKIN_TEXTS.checkIn}
            </Button>
          </form>
        </CardContent>
      </Card>
      {outcome && <Outcome outcome={outcome} data={data} onChanged={changed} />}
      <Card>
        <CardHeader>
          <CardTitle>{CHECKIN_TEXTS.search}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <Input
            aria-label={CHECKIN_TEXTS.search}
            className="min-h-11"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {query.trim() && matches.length === 0 && (
            <p className="text-muted-foreground text-sm">{CHECKIN_TEXTS.noMatch}</p>
          )}
          <ul className="divide-y">
            {matches.map((p) => (
              <li key={p.userId} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0 truncate">
                  {p.username}{' '}
                  <span className="text-muted-foreground text-sm">
                    {p.checkedInAt
                      ? `${CHECKIN_TEXTS.checkedIn} ${gateTime(p.checkedInAt, data.event.timeZone)}`
                      : CHECKIN_TEXTS.notCheckedIn}
                  </span>
                </span>
                <Button
                  variant="outline"
                  className="min-h-11"
                  onClick={() => void checkIn({ userId: p.userId })}
                >
                  {CHECKIN_TEXTS.checkIn}
                </Button>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function Outcome({
  outcome,
  data,
  onChanged,
}: {
  outcome: GateOutcome;
  data: CheckInData;
  onChanged: (updated: CheckInData, userId: string) => Promise<void>;
}) {
  const p = outcome.player;
  return (
    <Card
      data-testid="gate-outcome"
      className={cn(
        'border-2',
        outcome.tone === 'ok' && 'border-green-600',
        outcome.tone === 'already' && 'border-amber-500',
        outcome.tone === 'error' && 'border-destructive',
      )}
    >
      <CardContent className="space-y-2 pt-6">
        <p role="alert" className="font-semibold text-lg">
          {outcome.message}
        </p>
        {p && <PlayerFacts player={p} timeZone={data.event.timeZone} />}
        {p && data.waiver && (p.waiver === 'missing' || p.waiver === 'outdated') && (
          <GateWaiver key={p.userId} data={data} player={p} onChanged={onChanged} />
        )}
        {p && <ChronoForm key={p.userId} data={data} userId={p.userId} onChanged={onChanged} />}
      </CardContent>
    </Card>
  );
}

/** "Sign the waiver": the player reads and signs on the organiser's phone (queued like scans). */
function GateWaiver({
  data,
  player,
  onChanged,
}: {
  data: CheckInData;
  player: RosterPlayer;
  onChanged: (updated: CheckInData, userId: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="border-t pt-3">
      <Button className="min-h-11" variant="outline" onClick={() => setOpen(true)}>
        {CHECKIN_TEXTS.signWaiver}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <WaiverDialog
            event={{ title: data.event.title, date: data.event.date, waiver: data.waiver }}
            open={open}
            onOpenChange={setOpen}
            again={player.waiver === 'outdated'}
            actionLabel={CHECKIN_TEXTS.signWaiverAction}
            hint={CHECKIN_TEXTS.signWaiverHint(player.username)}
            onSign={async (answers) => {
              const result = await signWaiverLocally(data, player.userId, answers);
              setOpen(false);
              await onChanged(result.data, player.userId);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function PlayerFacts({ player, timeZone }: { player: RosterPlayer; timeZone: string }) {
  const last = player.chrono.at(-1);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">{CHECKIN_TEXTS.player}</dt>
      <dd className="font-medium">{player.username}</dd>
      <dt className="text-muted-foreground">{CHECKIN_TEXTS.side}</dt>
      <dd>{player.side ?? '—'}</dd>
      <dt className="text-muted-foreground">{CHECKIN_TEXTS.waiver}</dt>
      <dd
        className={cn(
          player.waiver === 'outdated' || player.waiver === 'missing' ? 'font-semibold text-destructive' : '',
        )}
      >
        {player.waiver ? WAIVER_STATE_LABELS[player.waiver] : CHECKIN_TEXTS.waiverUnavailable}
      </dd>
      <dt className="text-muted-foreground">{CHECKIN_TEXTS.chrono}</dt>
      <dd>
        {last
          ? `${REPLICA_CLASS_LABELS[last.replicaClass]} ${last.joules.toFixed(2)} J ${last.pass ? CHECKIN_TEXTS.pass : CHECKIN_TEXTS.fail} (${gateTime(last.measuredAt, timeZone)})`
          : CHECKIN_TEXTS.chronoNone}
      </dd>
    </dl>
  );
}

function ChronoForm({
  data,
  userId,
  onChanged,
}: {
  data: CheckInData;
  userId: string;
  onChanged: (updated: CheckInData, userId: string) => Promise<void>;
}) {
  const [replicaClass, setReplicaClass] = useState<ReplicaClass>('aeg');
  const [fps, setFps] = useState('');
  const [bb, setBb] = useState(() => (data.chronoLimits?.bbWeightGrams ?? 0.2).toFixed(2));
  const [verdict, setVerdict] = useState<ChronoResult | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <form
      className="space-y-2 border-t pt-3"
      onSubmit={async (e) => {
        e.preventDefault();
        // Judged here with the contract's verdict, with or without network; the queue syncs it.
        const recorded = await recordChronoLocally(data, userId, {
          replicaClass,
          fps: Number(fps),
          bbWeightGrams: Number(bb),
        });
        if (!recorded.ok) {
          setFailed(recorded.message);
          return;
        }
        setFailed(null);
        setVerdict(recorded.result);
        setFps('');
        await onChanged(recorded.data, userId);
      }}
    >
      <div className="flex flex-wrap gap-2">
        <label className="flex flex-col text-sm">
          {CHECKIN_TEXTS.chrono}
          <select
            className="min-h-11 rounded-md border bg-background px-2"
            value={replicaClass}
            onChange={(e) => setReplicaClass(e.target.value as ReplicaClass)}
          >
            {REPLICA_CLASSES.map((c) => (
              <option key={c} value={c}>
                {REPLICA_CLASS_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex w-24 flex-col text-sm">
          {CHECKIN_TEXTS.fps}
          <Input
            className="min-h-11"
            inputMode="decimal"
            required
            value={fps}
            onChange={(e) => setFps(e.target.value)}
          />
        </label>
        <label className="flex w-24 flex-col text-sm">
          {CHECKIN_TEXTS.bbWeight}
          <Input
            className="min-h-11"
            inputMode="decimal"
            required
            value={bb}
            onChange={(e) => setBb(e.target.value)}
          />
        </label>
        <Button type="submit" className="min-h-11 self-end">
          {CHECKIN_TEXTS.record}
        </Button>
      </div>
      {failed && <p className="text-destructive text-sm">{failed}</p>}
      {verdict && (
        <p
          data-testid="chrono-verdict"
          className={cn(
            'rounded-md p-4 text-center font-bold text-3xl text-white',
            verdict.pass ? 'bg-green-700' : 'bg-red-700',
          )}
        >
          {verdict.pass ? CHECKIN_TEXTS.pass : CHECKIN_TEXTS.fail} · {verdict.joules.toFixed(2)} J
          <span className="block font-normal text-base">{CHECKIN_TEXTS.limit(verdict.limitJoules)}</span>
        </p>
      )}
    </form>
  );
}
