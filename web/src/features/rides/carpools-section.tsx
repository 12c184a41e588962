import type { Event } from '@contract/events';
import { placeLabel } from '@contract/places';
import { RIDE_LIMITS, RIDES_TEXTS, type Ride, type RideKind } from '@contract/rides';
import { PlacePicker } from '@web/components/place-picker';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { Car, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useDeleteRide, usePostRide, useRequestRide, useRespondRide, useRides } from './api';

const T = RIDES_TEXTS;
const TAP = 'min-h-11';

/**
 * Carpools on the event page (issue 26): the board of rides offered and asked for, a form to post
 * one (players on the event: canPost), Request a seat (or Offer a lift on an ask), and the owner's
 * Accept / Decline. Contacts (a username link and the note typed) show once a request is accepted:
 * the server sends them only then.
 */
export function CarpoolsSection({ event }: { event: Event }) {
  const { user } = useUser();
  const board = useRides(event.id, !!user);
  const [posting, setPosting] = useState<RideKind | null>(null);
  return (
    <Card id="carpools" data-testid="carpools">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Car className="size-5" aria-hidden="true" />
          {T.title}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {!user ? (
          <p className="text-sm text-muted-foreground">{T.signInToSee}</p>
        ) : board.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {T.loadFailed}
          </p>
        ) : board.data ? (
          <>
            {board.data.canPost ? (
              posting ? (
                <RideForm eventId={event.id} kind={posting} onDone={() => setPosting(null)} />
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button className={TAP} onClick={() => setPosting('offer')}>
                    {T.offerRide}
                  </Button>
                  <Button className={TAP} variant="outline" onClick={() => setPosting('ask')}>
                    {T.askRide}
                  </Button>
                </div>
              )
            ) : (
              <p className="text-sm text-muted-foreground">{T.registerToPost}</p>
            )}
            {board.data.rides.length === 0 ? (
              <p className="text-sm text-muted-foreground">{T.empty}</p>
            ) : (
              <ul className="space-y-3">
                {board.data.rides.map((r) => (
                  <RideItem key={r.id} ride={r} eventId={event.id} timeZone={event.timeZone} />
                ))}
              </ul>
            )}
          </>
        ) : (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">{T.loading}</span>
            <Skeleton className="h-11 w-48" />
            <Skeleton className="h-20 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function departure(at: string, timeZone: string | undefined) {
  try {
    return new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: timeZone || undefined,
    }).format(new Date(at));
  } catch {
    return new Date(at).toLocaleString();
  }
}

function Contact({ contact }: { contact: NonNullable<Ride['contact']> }) {
  return (
    <span className="block">
      <Link
        className="font-medium text-primary hover:underline"
        to={`/profile/${encodeURIComponent(contact.username)}`}
      >
        {contact.username}
      </Link>
      {contact.note ? (
        <span className="block whitespace-pre-wrap break-words text-muted-foreground">{contact.note}</span>
      ) : null}
    </span>
  );
}

function RideItem({ ride, eventId, timeZone }: { ride: Ride; eventId: string; timeZone?: string }) {
  const respond = useRespondRide(eventId, T.failed);
  const remove = useDeleteRide(eventId, T.failed);
  const [asking, setAsking] = useState(false);
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm" data-testid="ride">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">
          {T.kindLabels[ride.kind]}
          {ride.mine ? <span className="ml-2 text-xs text-muted-foreground">({T.yours})</span> : null}
        </p>
        <p className="text-muted-foreground">
          {ride.kind === 'offer' ? T.seatsLeft(ride.seatsLeft) : T.seatsCount(ride.seats)}
        </p>
      </div>
      <p className="flex items-center gap-1.5">
        <MapPin className="size-4" aria-hidden="true" />
        {T.fromPlace}: {ride.fromPlace}
        {ride.distanceKm !== null ? (
          <span className="text-muted-foreground">· {T.kmAway(ride.distanceKm)}</span>
        ) : null}
      </p>
      {ride.departsAt ? (
        <p>
          {T.departsAt}: {departure(ride.departsAt, timeZone)}
        </p>
      ) : null}
      {ride.contact && !ride.mine ? <Contact contact={ride.contact} /> : null}
      {ride.requests.length > 0 ? (
        <ul className="space-y-2 border-t pt-2">
          {ride.requests.map((q) => (
            <li
              key={q.id}
              className="flex flex-wrap items-center justify-between gap-2"
              data-testid="ride-request"
            >
              <span>
                {q.mine ? null : q.contact ? <Contact contact={q.contact} /> : T.someone}{' '}
                {T.seatsCount(q.seats)} · {T.statusLabels[q.status]}
              </span>
              {q.canRespond ? (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    className={TAP}
                    disabled={respond.isPending}
                    onClick={() => respond.mutate({ requestId: q.id, accept: true })}
                  >
                    {T.accept}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className={TAP}
                    disabled={respond.isPending}
                    onClick={() => respond.mutate({ requestId: q.id, accept: false })}
                  >
                    {T.decline}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {ride.canRequest && !asking ? (
          <Button size="sm" className={TAP} onClick={() => setAsking(true)}>
            {ride.kind === 'offer' ? T.requestSeat : T.offerLift}
          </Button>
        ) : null}
        {ride.canDelete ? (
          <Button
            size="sm"
            variant="outline"
            className={TAP}
            disabled={remove.isPending}
            onClick={() => remove.mutate(ride.id, { onSuccess: () => toast({ title: T.removed }) })}
          >
            {T.delete}
          </Button>
        ) : null}
      </div>
      {asking ? <RequestForm ride={ride} eventId={eventId} onDone={() => setAsking(false)} /> : null}
    </li>
  );
}

function RequestForm({ ride, eventId, onDone }: { ride: Ride; eventId: string; onDone: () => void }) {
  const id = useId();
  const send = useRequestRide(eventId, T.failed);
  const most = ride.kind === 'offer' ? ride.seatsLeft : RIDE_LIMITS.seatsMax;
  const [seats, setSeats] = useState(1);
  const [note, setNote] = useState('');
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    send.mutate(
      { rideId: ride.id, seats, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          toast({ title: T.requestSent });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="space-y-1">
        <Label htmlFor={`${id}-seats`}>{ride.kind === 'offer' ? T.seatsWanted : T.seatsOffered}</Label>
        <Input
          id={`${id}-seats`}
          type="number"
          min={1}
          max={Math.max(1, most)}
          value={seats}
          onChange={(e) => setSeats(Number(e.target.value))}
          className="h-11 w-24"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-note`}>{T.note}</Label>
        <Input
          id={`${id}-note`}
          maxLength={RIDE_LIMITS.noteMax}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="h-11"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" className={TAP} disabled={send.isPending}>
          {ride.kind === 'offer' ? T.requestSeat : T.offerLift}
        </Button>
        <Button type="button" size="sm" variant="outline" className={TAP} onClick={onDone}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}

/** `YYYY-MM-DDTHH:mm` (a datetime-local input's value) as an instant, in this browser's zone. */
const localToIso = (v: string) => (v ? new Date(v).toISOString() : null);

/** Where a ride leaves from: a town picked (its name), or the device's location (the text typed names it). */
type Where = { lat: number; lng: number; name: string | null };
/** The device's location, rough (as the server keeps it). */
const round = (v: number) => Number(v.toFixed(RIDE_LIMITS.coordinateDecimals));

function RideForm({ eventId, kind, onDone }: { eventId: string; kind: RideKind; onDone: () => void }) {
  const id = useId();
  const post = usePostRide(eventId, T.failed);
  // Issue 26: the town typed and picked from the gazetteer's suggestions (its name and
  // coordinates are sent), or the text typed with the device's location.
  const [fromText, setFromText] = useState('');
  const [where, setWhere] = useState<Where | null>(null);
  const [missing, setMissing] = useState(false);
  const [departsAt, setDepartsAt] = useState('');
  const [seats, setSeats] = useState(kind === 'offer' ? 3 : 1);
  const [note, setNote] = useState('');
  const locate = () =>
    navigator.geolocation?.getCurrentPosition((p) => {
      setWhere({ lat: round(p.coords.latitude), lng: round(p.coords.longitude), name: null });
      setMissing(false);
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!where) {
      setMissing(true);
      return;
    }
    post.mutate(
      {
        kind,
        fromPlace: (where.name ?? fromText).trim(),
        lat: where.lat,
        lng: where.lng,
        departsAt: localToIso(departsAt),
        seats,
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: T.posted });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={kind === 'offer' ? T.offerRide : T.askRide}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-from`}>{T.fromPlace}</Label>
        <PlacePicker
          id={`${id}-from`}
          label={T.fromPlace}
          required
          maxLength={RIDE_LIMITS.placeMax}
          value={fromText}
          onInput={(text) => {
            setFromText(text);
            // A town picked is forgotten once the text changes; the device's location stays.
            if (where?.name) setWhere(null);
          }}
          onChoose={(p) => {
            setFromText(placeLabel(p));
            setWhere({ lat: p.lat, lng: p.lng, name: p.name });
            setMissing(false);
          }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" variant="outline" className={TAP} onClick={locate}>
            {T.useMyLocation}
          </Button>
          {where && !where.name ? (
            <span className="text-sm text-muted-foreground" data-testid="location-set">
              {T.locationSet}
            </span>
          ) : null}
        </div>
        {missing ? (
          <p role="alert" className="text-sm text-destructive">
            {T.pickPlace}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-departs`}>{T.departsAt}</Label>
          <Input
            id={`${id}-departs`}
            type="datetime-local"
            required={kind === 'offer'}
            value={departsAt}
            onChange={(e) => setDepartsAt(e.target.value)}
            className="h-11"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-seats`}>{kind === 'offer' ? T.seatsOffered : T.seatsWanted}</Label>
          <Input
            id={`${id}-seats`}
            type="number"
            required
            min={RIDE_LIMITS.seatsMin}
            max={RIDE_LIMITS.seatsMax}
            value={seats}
            onChange={(e) => setSeats(Number(e.target.value))}
            className="h-11 w-24"
          />
        </div>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-note`}>{T.note}</Label>
        <Input
          id={`${id}-note`}
          maxLength={RIDE_LIMITS.noteMax}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="h-11"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" className={TAP} disabled={post.isPending}>
          {T.post}
        </Button>
        <Button type="button" variant="outline" className={TAP} onClick={onDone}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
