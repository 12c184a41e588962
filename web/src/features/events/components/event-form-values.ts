import {
  type CreateEventBody,
  createEventBody,
  EVENT_DEFAULTS,
  type Event,
  type EventRules,
  type EventRulesInput,
  type EventType,
  EYE_PROTECTION,
  eventType,
  parseCapacity,
  WEAPON_CLASSES,
  type WeaponClass,
} from '@contract/events';
import { z } from '@contract/messages';
import { isTimeZone, localInZoneToIso, wallTime } from '@contract/time-zone';
import { format } from 'date-fns';

/** A number field: '' is "not given" (null); anything else must read as a number. */
const numberText = z.string().trim();

const classFields = z.object({ joules: numberText, minEngagementM: numberText });

/** The rules section as the form holds it: every number as the text typed. */
const rulesFields = z.object({
  enabled: z.boolean(),
  chronoBbWeightG: numberText,
  classes: z.object({ aeg: classFields, dmr: classFields, sniper: classFields }),
  rateOfFireBps: numberText,
  eyeProtection: z.enum(['', ...EYE_PROTECTION]),
  minimumAge: numberText,
  pyroAllowed: z.boolean(),
  smokeAllowed: z.boolean(),
  hpaAllowed: z.boolean(),
  tracersAllowed: z.boolean(),
  notes: z.string(),
});
export type RulesFormValues = z.infer<typeof rulesFields>;

const num = (v: string): number | null => (v.trim() === '' ? null : Number(v));

/** The form's rules, or null when the section is off; numbers as typed (the contract judges them). */
export function formToRules(r: RulesFormValues): EventRulesInput | null {
  if (!r.enabled) return null;
  const classes = Object.fromEntries(
    WEAPON_CLASSES.map((c) => {
      const joules = num(r.classes[c].joules);
      const minEngagementM = num(r.classes[c].minEngagementM);
      return [c, joules === null && minEngagementM === null ? null : { joules, minEngagementM }];
    }),
  );
  // Numbers go as typed (NaN included): the contract's schema says what is wrong with them.
  return {
    chronoBbWeightG: num(r.chronoBbWeightG) ?? undefined,
    classes,
    rateOfFireBps: num(r.rateOfFireBps),
    eyeProtection: r.eyeProtection || null,
    minimumAge: num(r.minimumAge),
    pyroAllowed: r.pyroAllowed,
    smokeAllowed: r.smokeAllowed,
    hpaAllowed: r.hpaAllowed,
    tracersAllowed: r.tracersAllowed,
    notes: r.notes,
  } as EventRulesInput;
}

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** Rules (an event's, or a preset's) as the form holds them. */
export function rulesToForm(rules: EventRules | null): RulesFormValues {
  const cls = (c: WeaponClass) => ({
    joules: str(rules?.classes[c]?.joules),
    minEngagementM: str(rules?.classes[c]?.minEngagementM),
  });
  return {
    enabled: !!rules,
    chronoBbWeightG: str(rules?.chronoBbWeightG ?? 0.2),
    classes: { aeg: cls('aeg'), dmr: cls('dmr'), sniper: cls('sniper') },
    rateOfFireBps: str(rules?.rateOfFireBps),
    eyeProtection: rules?.eyeProtection ?? '',
    minimumAge: str(rules?.minimumAge),
    pyroAllowed: rules?.pyroAllowed ?? false,
    smokeAllowed: rules?.smokeAllowed ?? false,
    hpaAllowed: rules?.hpaAllowed ?? false,
    tracersAllowed: rules?.tracersAllowed ?? false,
    notes: rules?.notes ?? '',
  };
}

/** `datetime-local` text (the admin's own time zone) to an ISO instant; kept as typed when unreadable. */
export function localToIso(local: string): string {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : local;
}

/** The viewer's own time zone (the form's default), or UTC. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A `datetime-local` text read in the form's time zone (issue 20); else as the browser reads it. */
const inZone = (local: string, timeZone: string) =>
  localInZoneToIso(local, timeZone.trim()) ?? localToIso(local);

/** An instant as `datetime-local` text in `timeZone`. */
const toLocal = (iso: string, timeZone: string) => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return isTimeZone(timeZone)
    ? wallTime(timeZone, ms).slice(0, 16)
    : format(new Date(ms), "yyyy-MM-dd'T'HH:mm");
};

/**
 * The Create/Edit Event form: text fields as typed, then turned into the API's body and checked by
 * the contract's schema (`createEventBody`), so the form and the server judge alike. Capacity is
 * parsed as an integer and falls back to 0 (SPEC §5).
 */
export const eventFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    date: z.string().min(1, 'Required'),
    /** Optional; '' for none. Read, like the start, in the chosen time zone. */
    endsAt: z.string(),
    timeZone: z.string(),
    location: z.string(),
    address: z.string(),
    lat: z.string().trim(),
    lng: z.string().trim(),
    type: eventType,
    capacity: z.string(),
    image: z.string(),
    url: z.string(),
    rules: rulesFields,
    /** The field it is held at ('' for none): the server fills what the form leaves out. */
    fieldId: z.string().optional(),
    /** Beginner-friendly (issue 26). */
    rentalsAvailable: z.boolean().optional(),
    firstTimersWelcome: z.boolean().optional(),
  })
  .transform(
    (v): CreateEventBody => ({
      title: v.title,
      description: v.description,
      date: inZone(v.date, v.timeZone),
      endsAt: v.endsAt.trim() === '' ? null : inZone(v.endsAt, v.timeZone),
      timeZone: v.timeZone.trim(),
      location: v.location,
      address: v.address,
      ...(v.lat === '' && v.lng === '' ? { lat: null, lng: null } : { lat: num(v.lat), lng: num(v.lng) }),
      type: v.type,
      capacity: parseCapacity(v.capacity),
      image: v.image,
      url: v.url,
      rules: formToRules(v.rules),
      fieldId: v.fieldId ? v.fieldId : null,
      rentalsAvailable: !!v.rentalsAvailable,
      firstTimersWelcome: !!v.firstTimersWelcome,
    }),
  )
  .pipe(createEventBody);
export type EventFormValues = z.input<typeof eventFormSchema>;
export type EventFormOutput = z.output<typeof eventFormSchema>;

export const emptyEventForm = (): EventFormValues => ({
  title: '',
  description: '',
  date: '',
  endsAt: '',
  timeZone: browserTimeZone(),
  location: '',
  address: '',
  lat: '',
  lng: '',
  type: EVENT_DEFAULTS.type as EventType,
  capacity: '',
  image: '',
  url: '',
  rules: rulesToForm(null),
  fieldId: '',
  rentalsAvailable: false,
  firstTimersWelcome: false,
});

/** An event as the form holds it (edit mode). */
export function eventToForm(event: Event): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    date: toLocal(event.date, event.timeZone),
    endsAt: event.endsAt ? toLocal(event.endsAt, event.timeZone) : '',
    timeZone: event.timeZone,
    location: event.location,
    address: event.address ?? '',
    lat: str(event.lat),
    lng: str(event.lng),
    type: event.type,
    capacity: String(event.capacity),
    image: event.image ?? '',
    url: event.url ?? '',
    rules: rulesToForm(event.rules),
    fieldId: event.fieldId ?? '',
    rentalsAvailable: !!event.rentalsAvailable,
    firstTimersWelcome: !!event.firstTimersWelcome,
  };
}
