import type { Event } from '@contract/events';
import type { ProfileTeam } from '@contract/profiles';
import { SIDE_TEXTS, type Squad } from '@contract/sides';
import type { TeamMember } from '@contract/teams';
import type { WaiverAnswers } from '@contract/waivers';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiRequest } from '@web/lib/api';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { Flag, Pencil, Shield, Users } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { useConfirmSquad, useCreateSquad, useRegisterOnSide, useSquads } from '../api/game-day';
import { useUpdateEvent } from '../api/update-event';
import { EventForm, SELECT_CLASS } from './event-form';
import { RegisterPrivately } from './register-privately';

const S = SIDE_TEXTS;
const TAP = 'min-h-11';

/** The waiver's dialog, fetched when a side of an event that requires a waiver is registered for. */
const WaiverDialog = lazy(() =>
  import('@web/components/waiver-dialog').then((m) => ({ default: m.WaiverDialog })),
);

/** The waiver to sign before a registration or a squad place, when the event has one (loaded on demand). */
function WaiverStep(props: ComponentProps<typeof WaiverDialog>) {
  if (!props.open || !props.event.waiver) return null;
  return (
    <Suspense fallback={null}>
      <WaiverDialog {...props} />
    </Suspense>
  );
}

/**
 * Game day on the event page (issue 25): who hosts it and where (with links), Edit for its
 * organisers (abilities.canManage, from the server), its sides with their sizes and a register
 * button that asks for a side (or Any), and squads: "Register my squad" for a team's leader or
 * co-leader, a confirm prompt for members.
 */
export function GameDay({ event }: { event: Event }) {
  const { user } = useUser();
  const [editing, setEditing] = useState(false);
  const sides = event.sides ?? [];
  return (
    <div className="space-y-4" data-testid="game-day">
      {event.hostTeam || event.field || event.abilities?.canManage ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {event.hostTeam ? (
            <span className="inline-flex items-center gap-1.5">
              <Shield className="size-4" aria-hidden="true" />
              {S.hostedBy}{' '}
              <Link className="font-medium text-primary hover:underline" to={`/teams/${event.hostTeam.id}`}>
                {event.hostTeam.name}
              </Link>
            </span>
          ) : null}
          {event.field ? (
            <span className="inline-flex items-center gap-1.5">
              <Flag className="size-4" aria-hidden="true" />
              {S.heldAt}{' '}
              <Link className="font-medium text-primary hover:underline" to={`/fields/${event.field.id}`}>
                {event.field.name}
              </Link>
            </span>
          ) : null}
          {event.abilities?.canManage ? (
            <Button size="sm" variant="outline" className={TAP} onClick={() => setEditing((v) => !v)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <>
          <EventForm editing={event} onDone={() => setEditing(false)} />
          <SidesEditor event={event} />
        </>
      ) : null}
      {sides.length > 0 ? <SidesCard event={event} /> : null}
      {user && !event.isPast ? <Squads event={event} userId={user.id} /> : null}
    </div>
  );
}

/** The sides with their sizes; when the viewer may register, a side (or Any) and Register. */
function SidesCard({ event }: { event: Event }) {
  const id = useId();
  const [sideId, setSideId] = useState('');
  const [signing, setSigning] = useState(false);
  // Issue 26: registered privately (counted, not listed), as on the plain register action.
  const [privately, setPrivately] = useState(false);
  const register = useRegisterOnSide(event.id);
  const sides = event.sides ?? [];
  const side = { ...(sideId ? { sideId } : {}), ...(privately ? { private: true } : {}) };
  return (
    <Card id="sides" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="text-lg">{S.sides}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={S.sides}>
          {sides.map((s) => (
            <li
              key={s.id}
              className="flex items-center gap-3 rounded-lg border border-border p-3"
              data-testid="side"
            >
              <span
                className="size-4 shrink-0 rounded-full border border-border"
                style={{ backgroundColor: s.colour }}
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">
                  {s.name}
                  {event.viewerSideId === s.id ? (
                    <span className="ml-2 text-xs text-emerald-700 dark:text-emerald-400">{S.yourSide}</span>
                  ) : null}
                </span>
                <span className="block text-sm text-muted-foreground">
                  {s.capacity > 0
                    ? `${s.registeredCount} / ${s.capacity}`
                    : `${s.registeredCount} registered`}
                  {s.waitlistCount > 0 ? ` · ${s.waitlistCount} waiting` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {event.canRegister ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              // An event that requires a waiver registers through its dialog, with the answers (issue 25).
              if (event.waiver) setSigning(true);
              else register.mutate(side);
            }}
          >
            <label htmlFor={id} className="w-full text-sm font-medium">
              {S.chooseSide}
            </label>
            <select
              id={id}
              className={`${SELECT_CLASS} ${TAP} max-w-xs flex-1`}
              value={sideId}
              onChange={(e) => setSideId(e.target.value)}
            >
              <option value="">{S.anySide}</option>
              {sides.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <Button type="submit" className={TAP} disabled={register.isPending}>
              Register
            </Button>
            <RegisterPrivately className="w-full" checked={privately} onChange={setPrivately} />
          </form>
        ) : null}
        <WaiverStep
          event={event}
          open={signing}
          onOpenChange={setSigning}
          pending={register.isPending}
          onSign={(waiver) => register.mutate({ ...side, waiver }, { onSuccess: () => setSigning(false) })}
        />
      </CardContent>
    </Card>
  );
}

/** The viewer's squads on the event (confirm prompts), and "Register my squad" for team officers. */
function Squads({ event, userId }: { event: Event; userId: string }) {
  const squads = useSquads(event.id, true);
  const teams = useQuery({
    queryKey: ['user-teams', userId],
    queryFn: ({ signal }) =>
      apiRequest<ProfileTeam[]>('GET', `/api/user/${encodeURIComponent(userId)}/teams?limit=50`, undefined, {
        signal,
      }),
  });
  const officerOf = (teams.data ?? []).filter((t) => t.role === 'leader' || t.role === 'co-leader');
  const [open, setOpen] = useState(false);
  if (squads.isError) return <p role="alert">Could not load squads</p>;
  const list = squads.data ?? [];
  if (list.length === 0 && officerOf.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Squads</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {list.map((q) => (
          <SquadRow key={q.id} event={event} squad={q} />
        ))}
        {officerOf.length > 0 && event.viewerStatus === 'none' ? (
          open ? (
            <SquadForm event={event} userId={userId} teams={officerOf} onDone={() => setOpen(false)} />
          ) : (
            <Button variant="outline" className={TAP} onClick={() => setOpen(true)}>
              <Users aria-hidden="true" />
              {S.registerSquad}
            </Button>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * A squad and, for a member yet to confirm, "Confirm my place": on an event that requires a waiver
 * it opens the waiver's dialog and sends the answers with the confirmation (issue 25).
 */
function SquadRow({ event, squad }: { event: Event; squad: Squad }) {
  const confirm = useConfirmSquad(event.id);
  const [signing, setSigning] = useState(false);
  const confirmed = squad.members.filter((m) => m.confirmed).length;
  const send = (waiver?: WaiverAnswers) =>
    confirm.mutate(
      { squadId: squad.id, ...(waiver ? { waiver } : {}) },
      {
        onSuccess: () => {
          setSigning(false);
          toast({ title: S.squadConfirmed });
        },
      },
    );
  return (
    <div className="rounded-lg border border-border p-3 text-sm" data-testid="squad">
      <p className="font-medium">
        {S.squadFor} {squad.team.name}
      </p>
      <p className="text-muted-foreground">
        {squad.status === 'registered'
          ? S.squadRegistered
          : `${S.squadPending} (${confirmed}/${squad.members.length})`}
      </p>
      <p className="break-words text-muted-foreground">{squad.members.map((m) => m.username).join(', ')}</p>
      {squad.canConfirm ? (
        <Button
          className={`${TAP} mt-2`}
          disabled={confirm.isPending}
          onClick={() => (event.waiver ? setSigning(true) : send())}
        >
          {S.confirmSquad}
        </Button>
      ) : null}
      <WaiverStep
        event={event}
        open={signing}
        onOpenChange={setSigning}
        pending={confirm.isPending}
        actionLabel={S.confirmSquad}
        onSign={send}
      />
    </div>
  );
}

/**
 * Choose the team, its members (checkboxes) and a side (or Any); each member is then asked. The
 * creator's own place is confirmed at once: on an event that requires a waiver, when they are in
 * the squad, its dialog comes first and the answers go with the squad (issue 25).
 */
function SquadForm({
  event,
  userId,
  teams,
  onDone,
}: {
  event: Event;
  userId: string;
  teams: ProfileTeam[];
  onDone: () => void;
}) {
  const ids = useId();
  const [teamId, setTeamId] = useState(teams[0]?.id ?? '');
  const [chosen, setChosen] = useState<string[]>([]);
  const [sideId, setSideId] = useState('');
  const create = useCreateSquad(event.id);
  const [signing, setSigning] = useState(false);
  const send = (waiver?: WaiverAnswers) =>
    create.mutate(
      { teamId, userIds: chosen, ...(sideId ? { sideId } : {}), ...(waiver ? { waiver } : {}) },
      {
        onSuccess: () => {
          setSigning(false);
          toast({ title: S.squadCreated });
          onDone();
        },
      },
    );
  const members = useQuery({
    queryKey: ['team-members', teamId],
    queryFn: ({ signal }) =>
      apiRequest<TeamMember[]>(
        'GET',
        `/api/teams/${encodeURIComponent(teamId)}/members?limit=50`,
        undefined,
        {
          signal,
        },
      ),
    enabled: teamId !== '',
  });
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (event.waiver && chosen.includes(userId)) setSigning(true);
        else send();
      }}
    >
      {teams.length > 1 ? (
        <div className="space-y-1">
          <label htmlFor={`${ids}-team`} className="text-sm font-medium">
            Team
          </label>
          <select
            id={`${ids}-team`}
            className={`${SELECT_CLASS} ${TAP}`}
            value={teamId}
            onChange={(e) => {
              setTeamId(e.target.value);
              setChosen([]);
            }}
          >
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{S.chooseMembers}</legend>
        {members.isPending ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
        {members.isError ? <p role="alert">Could not load the members</p> : null}
        {(members.data ?? []).map((m) => (
          <label key={m.userId} className={`flex items-center gap-3 ${TAP}`}>
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(m.userId)}
              onChange={() => toggle(m.userId)}
            />
            {m.username}
          </label>
        ))}
      </fieldset>
      {(event.sides ?? []).length > 0 ? (
        <div className="space-y-1">
          <label htmlFor={`${ids}-side`} className="text-sm font-medium">
            {S.side}
          </label>
          <select
            id={`${ids}-side`}
            className={`${SELECT_CLASS} ${TAP}`}
            value={sideId}
            onChange={(e) => setSideId(e.target.value)}
          >
            <option value="">{S.anySide}</option>
            {(event.sides ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className={TAP} disabled={chosen.length === 0 || create.isPending}>
          {S.sendSquad}
        </Button>
        <Button type="button" variant="outline" className={TAP} onClick={onDone}>
          Cancel
        </Button>
      </div>
      <WaiverStep
        event={event}
        open={signing}
        onOpenChange={setSigning}
        pending={create.isPending}
        actionLabel={S.sendSquad}
        onSign={send}
      />
    </form>
  );
}

type SideDraft = { id?: string; name: string; colour: string; capacity: string };
const NEW_SIDE_COLOURS = ['#1f4e9c', '#b3261e', '#2e7d32', '#f9a825', '#6a1b9a', '#37474f'];

/**
 * Organisers set the event's sides (2 to 6, or none yet): name, colour and places (0: no limit).
 * Saved with PATCH {sides}: sides kept by id, new ones added, removed ones must be empty (the
 * server's 409 says so).
 */
function SidesEditor({ event }: { event: Event }) {
  const ids = useId();
  const update = useUpdateEvent();
  const [drafts, setDrafts] = useState<SideDraft[]>(() =>
    (event.sides ?? []).map((s) => ({
      id: s.id,
      name: s.name,
      colour: s.colour,
      capacity: String(s.capacity),
    })),
  );
  const set = (i: number, patch: Partial<SideDraft>) =>
    setDrafts((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const add = () =>
    setDrafts((d) => [
      ...d,
      { name: '', colour: NEW_SIDE_COLOURS[d.length % NEW_SIDE_COLOURS.length], capacity: '0' },
    ]);
  const valid = drafts.length >= 2 && drafts.length <= 6 && drafts.every((d) => d.name.trim() !== '');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{S.sides}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate(
              {
                id: event.id,
                body: {
                  sides: drafts.map((d) => ({
                    ...(d.id ? { id: d.id } : {}),
                    name: d.name.trim(),
                    colour: d.colour,
                    capacity: Math.max(0, Number.parseInt(d.capacity, 10) || 0),
                  })),
                },
              },
              { onSuccess: () => toast({ title: 'Sides saved' }) },
            );
          }}
        >
          <p className="text-sm text-muted-foreground">{S.sideHint}</p>
          {drafts.map((d, i) => (
            <fieldset
              key={d.id ?? `new-${i}`}
              className="flex flex-wrap items-end gap-2"
              data-testid="side-draft"
            >
              <legend className="sr-only">{`${S.side} ${i + 1}`}</legend>
              <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm" htmlFor={`${ids}-${i}-name`}>
                {S.sideName}
                <input
                  id={`${ids}-${i}-name`}
                  className={`${SELECT_CLASS} ${TAP}`}
                  value={d.name}
                  maxLength={40}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm" htmlFor={`${ids}-${i}-colour`}>
                {S.sideColour}
                <input
                  id={`${ids}-${i}-colour`}
                  type="color"
                  className="h-11 w-14 rounded-md border border-input bg-background"
                  value={d.colour}
                  onChange={(e) => set(i, { colour: e.target.value })}
                />
              </label>
              <label className="flex w-28 flex-col gap-1 text-sm" htmlFor={`${ids}-${i}-capacity`}>
                {S.sideCapacity}
                <input
                  id={`${ids}-${i}-capacity`}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  className={`${SELECT_CLASS} ${TAP}`}
                  value={d.capacity}
                  onChange={(e) => set(i, { capacity: e.target.value })}
                />
              </label>
              <Button
                type="button"
                variant="outline"
                className={TAP}
                onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}
              >
                {S.removeSide}
              </Button>
            </fieldset>
          ))}
          <div className="flex flex-wrap gap-2">
            {drafts.length < 6 ? (
              <Button type="button" variant="outline" className={TAP} onClick={add}>
                {S.addSide}
              </Button>
            ) : null}
            <Button type="submit" className={TAP} disabled={!valid || update.isPending}>
              Save sides
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
