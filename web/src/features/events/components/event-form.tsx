import {
  EVENT_LIMITS,
  EVENT_TEXTS,
  EVENT_TYPES,
  type Event,
  EYE_PROTECTION,
  EYE_PROTECTION_LABELS,
  RULE_PRESETS,
  WEAPON_CLASS_LABELS,
  WEAPON_CLASSES,
} from '@contract/events';
import { FIELD_TEXTS, fieldEventPlace } from '@contract/fields';
import { type EditScope, SERIES_TEXTS } from '@contract/series';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { FieldError, fieldWiring, Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { onServerFieldErrors } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { Save, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { type FieldErrors, get, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useCreateEvent } from '../api/create-event';
import { useFieldOptions } from '../api/get-field-options';
import { useUpdateEvent } from '../api/update-event';
import {
  type EventFormOutput,
  type EventFormValues,
  emptyEventForm,
  eventFormSchema,
  eventToForm,
  type RulesFormValues,
  rulesToForm,
} from './event-form-values';

const T = EVENT_TEXTS;
const FIELDS = [
  'title',
  'description',
  'date',
  'endsAt',
  'timeZone',
  'location',
  'address',
  'lat',
  'lng',
  'type',
  'capacity',
  'image',
  'url',
] as const;

/** Every IANA zone the browser knows (issue 20), for the time zone field's suggestions. */
function timeZoneNames(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

export const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Create Event, or Edit Event for `editing` (the heading says which). The contract's schema
 * judges the values; a rules preset fills the rules section.
 */
export function EventForm({
  editing,
  onDone,
  onCreated,
  hostTeamId,
}: {
  editing?: Event | null;
  onDone?: () => void;
  /** After a create, with the new event (the team's Manage page opens it). */
  onCreated?: (event: Event) => void;
  /** Created from a team's Manage page (issue 25): the event is hosted by that team. */
  hostTeamId?: string;
}) {
  const ids = useId();
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: editing ? eventToForm(editing) : emptyEventForm(),
  });
  const { errors } = form.formState;
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const pending = create.isPending || update.isPending;
  // Issue 26: a game of a series is saved alone or with the later games.
  const [scope, setScope] = useState<EditScope>('this');
  const rulesOn = useWatch({ control: form.control, name: 'rules.enabled' });

  useEffect(() => {
    form.reset(editing ? eventToForm(editing) : emptyEventForm());
  }, [editing, form]);

  // The toast comes from the mutation's meta; the server's field errors go on the fields.
  const onError = onServerFieldErrors(form.setError, FIELDS);

  const onSubmit = (body: EventFormOutput) => {
    if (editing) {
      const following = !!editing.seriesId && scope === 'following';
      update.mutate(
        {
          id: editing.id,
          // Issue 26: the later games keep their own edits of the fields not touched here.
          body: following ? changedOnly(body, eventToForm(editing), form.getValues()) : body,
          scope: editing.seriesId ? scope : undefined,
        },
        {
          onSuccess: () => {
            toast({ title: T.eventUpdated });
            onDone?.();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(hostTeamId ? { ...body, hostTeamId } : body, {
      onSuccess: (created) => {
        toast({ title: T.eventCreated });
        form.reset(emptyEventForm());
        onDone?.();
        onCreated?.(created);
      },
      onError,
    });
  };

  const { field, error } = fieldWiring<(typeof FIELDS)[number]>(ids, errors);

  // Held at a field (issue 13): choosing one fills the place and the rules from it, as the server would.
  const fieldOptions = useFieldOptions();
  const chooseField = (fieldId: string) => {
    form.setValue('fieldId', fieldId, { shouldDirty: true });
    const chosen = fieldOptions.data?.find((f) => f.id === fieldId);
    if (!chosen) return;
    const place = fieldEventPlace(chosen);
    const str = (v: number | null) => (v === null ? '' : String(v));
    form.setValue('location', place.location, { shouldDirty: true });
    form.setValue('address', place.address ?? '', { shouldDirty: true });
    form.setValue('lat', str(place.lat), { shouldDirty: true });
    form.setValue('lng', str(place.lng), { shouldDirty: true });
    if (place.rules) form.setValue('rules', rulesToForm(place.rules), { shouldDirty: true });
  };
  const fieldId = useWatch({ control: form.control, name: 'fieldId' });

  const applyPreset = (presetId: string) => {
    const preset = RULE_PRESETS.find((p) => p.id === presetId);
    if (preset) form.setValue('rules', rulesToForm(preset.rules), { shouldDirty: true });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? T.editEvent : T.createEvent}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-5"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
          aria-label={editing ? T.editEvent : T.createEvent}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-title`}>Title</Label>
            <Input required maxLength={EVENT_LIMITS.title} {...field('title')} {...form.register('title')} />
            {error('title')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-description`}>Description</Label>
            <Textarea
              rows={4}
              maxLength={EVENT_LIMITS.description}
              {...field('description')}
              {...form.register('description')}
            />
            {error('description')}
          </div>
          <div className="grid gap-5 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-date`}>Date and time</Label>
              <Input type="datetime-local" required {...field('date')} {...form.register('date')} />
              {error('date')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-endsAt`}>End (optional)</Label>
              <Input type="datetime-local" {...field('endsAt')} {...form.register('endsAt')} />
              {error('endsAt')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-timeZone`}>Time zone</Label>
              <Input
                list={`${ids}-zones`}
                autoComplete="off"
                spellCheck={false}
                placeholder="America/Chicago"
                maxLength={64}
                {...field('timeZone')}
                {...form.register('timeZone')}
              />
              <datalist id={`${ids}-zones`}>
                {timeZoneNames().map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
              {error('timeZone')}
            </div>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-type`}>Type</Label>
              <select className={SELECT_CLASS} {...field('type')} {...form.register('type')}>
                {EVENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-capacity`}>Capacity</Label>
              <Input
                inputMode="numeric"
                placeholder="0 = no limit"
                {...field('capacity')}
                {...form.register('capacity')}
              />
              {error('capacity')}
            </div>
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                {...form.register('rentalsAvailable')}
              />
              Rentals available
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-primary"
                {...form.register('firstTimersWelcome')}
              />
              First-timers welcome
            </label>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-field`}>{FIELD_TEXTS.heldAt}</Label>
            <select
              id={`${ids}-field`}
              className={SELECT_CLASS}
              value={fieldId ?? ''}
              onChange={(e) => chooseField(e.target.value)}
            >
              <option value="">{FIELD_TEXTS.noField}</option>
              {(fieldOptions.data ?? []).map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-location`}>Location</Label>
              <Input
                required
                placeholder="City, State/Province"
                maxLength={EVENT_LIMITS.location}
                {...field('location')}
                {...form.register('location')}
              />
              {error('location')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-address`}>Address</Label>
              <Input maxLength={EVENT_LIMITS.address} {...field('address')} {...form.register('address')} />
              {error('address')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-lat`}>Latitude</Label>
              <Input inputMode="decimal" {...field('lat')} {...form.register('lat')} />
              {error('lat')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-lng`}>Longitude</Label>
              <Input inputMode="decimal" {...field('lng')} {...form.register('lng')} />
              {error('lng')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-image`}>Image URL</Label>
              <Input type="url" placeholder="https://..." {...field('image')} {...form.register('image')} />
              {error('image')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-url`}>Event URL</Label>
              <Input type="url" placeholder="https://..." {...field('url')} {...form.register('url')} />
              {error('url')}
            </div>
          </div>

          <fieldset className="grid gap-4 rounded-lg border border-border p-4">
            <legend className="px-1 text-sm font-semibold">{T.rules}</legend>
            <div className="flex flex-wrap items-end gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...form.register('rules.enabled')}
                />
                This event has rules of engagement
              </label>
              <div className="grid gap-2">
                <Label htmlFor={`${ids}-preset`}>Preset</Label>
                <select
                  id={`${ids}-preset`}
                  className={SELECT_CLASS}
                  value=""
                  onChange={(e) => applyPreset(e.target.value)}
                >
                  <option value="">Choose a preset…</option>
                  {RULE_PRESETS.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {rulesOn ? <RulesFields ids={ids} register={form.register} errors={errors.rules} /> : null}
          </fieldset>

          {editing?.seriesId ? <ScopeChoice name={`${ids}-scope`} scope={scope} onChange={setScope} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              <Save aria-hidden="true" />
              {pending ? 'Saving...' : editing ? 'Save Changes' : T.createEvent}
            </Button>
            {editing ? (
              <Button type="button" variant="outline" onClick={onDone}>
                <X aria-hidden="true" />
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The body's fields each form field writes: a zone change rereads the start and the end; lat and lng go together. */
const BODY_FIELDS: Record<keyof EventFormValues, (keyof EventFormOutput)[]> = {
  title: ['title'],
  description: ['description'],
  date: ['date'],
  endsAt: ['endsAt'],
  timeZone: ['timeZone', 'date', 'endsAt'],
  location: ['location'],
  address: ['address'],
  lat: ['lat', 'lng'],
  lng: ['lat', 'lng'],
  type: ['type'],
  capacity: ['capacity'],
  image: ['image'],
  url: ['url'],
  rules: ['rules'],
  fieldId: ['fieldId'],
  rentalsAvailable: ['rentalsAvailable'],
  firstTimersWelcome: ['firstTimersWelcome'],
};

/**
 * "This and following" (issue 26): only the fields changed from the loaded event (the form's
 * values against the event's), so that each later game keeps its own value of every other field.
 */
export function changedOnly(body: EventFormOutput, loaded: EventFormValues, now: EventFormValues) {
  const keys = new Set<string>();
  for (const field of Object.keys(BODY_FIELDS) as (keyof EventFormValues)[])
    if (JSON.stringify(loaded[field] ?? null) !== JSON.stringify(now[field] ?? null))
      for (const k of BODY_FIELDS[field]) keys.add(k);
  return Object.fromEntries(Object.entries(body).filter(([k]) => keys.has(k))) as Partial<EventFormOutput>;
}

type Register = ReturnType<typeof useForm<EventFormValues, unknown, EventFormOutput>>['register'];

function NumberField({
  id,
  label,
  registration,
  error,
  unit,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  unit?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label}
        {unit ? <span className="font-normal text-muted-foreground"> ({unit})</span> : null}
      </Label>
      <Input id={id} inputMode="decimal" aria-invalid={error ? true : undefined} {...registration} />
      <FieldError>{error}</FieldError>
    </div>
  );
}

/** The rules section's fields: per class power (J) and distance (m), then the rest. */
function RulesFields({
  ids,
  register,
  errors,
}: {
  ids: string;
  register: Register;
  errors?: FieldErrors<RulesFormValues>;
}) {
  const msg = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  return (
    <div className="grid gap-4">
      <NumberField
        id={`${ids}-bb`}
        label="Chrono BB weight"
        unit="g"
        registration={register('rules.chronoBbWeightG')}
        error={msg('chronoBbWeightG')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {WEAPON_CLASSES.map((c) => (
          <div key={c} className="grid gap-2 rounded-md bg-muted/40 p-3">
            <p className="text-sm font-semibold">{WEAPON_CLASS_LABELS[c]}</p>
            <NumberField
              id={`${ids}-${c}-joules`}
              label={`${WEAPON_CLASS_LABELS[c]} power limit`}
              unit="J"
              registration={register(`rules.classes.${c}.joules`)}
              error={msg(`classes.${c}.joules`)}
            />
            <NumberField
              id={`${ids}-${c}-med`}
              label={`${WEAPON_CLASS_LABELS[c]} min. engagement`}
              unit="m"
              registration={register(`rules.classes.${c}.minEngagementM`)}
              error={msg(`classes.${c}.minEngagementM`)}
            />
          </div>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField
          id={`${ids}-rof`}
          label="Rate of fire limit"
          unit="BB/s"
          registration={register('rules.rateOfFireBps')}
          error={msg('rateOfFireBps')}
        />
        <NumberField
          id={`${ids}-age`}
          label="Minimum age"
          registration={register('rules.minimumAge')}
          error={msg('minimumAge')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-eye`}>Eye protection</Label>
          <select id={`${ids}-eye`} className={SELECT_CLASS} {...register('rules.eyeProtection')}>
            <option value="">Not stated</option>
            {EYE_PROTECTION.map((e) => (
              <option key={e} value={e}>
                {EYE_PROTECTION_LABELS[e]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {(
          [
            ['pyroAllowed', 'Pyro allowed'],
            ['smokeAllowed', 'Smoke allowed'],
            ['hpaAllowed', 'HPA allowed'],
            ['tracersAllowed', 'Tracers allowed'],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-primary" {...register(`rules.${key}`)} />
            {label}
          </label>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-notes`}>Rules notes</Label>
        <Textarea id={`${ids}-notes`} rows={2} {...register('rules.notes')} />
        <FieldError>{msg('notes')}</FieldError>
      </div>
    </div>
  );
}

/** "This game only" / "This and following games" (issue 26): the edit form of a game of a series. */
function ScopeChoice({
  name,
  scope,
  onChange,
}: {
  name: string;
  scope: EditScope;
  onChange: (scope: EditScope) => void;
}) {
  const options: [EditScope, string][] = [
    ['this', SERIES_TEXTS.thisOnly],
    ['following', SERIES_TEXTS.following],
  ];
  return (
    <fieldset className="grid gap-1 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{SERIES_TEXTS.scopeQuestion}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="radio"
            name={name}
            value={value}
            className="size-4"
            checked={scope === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
