import { text } from './common';
import { z } from './messages';

/**
 * Waivers (issue 25), the small part the Event answer and the registration carry: the waiver an
 * event requires (its own, else its field's) and what a player answers when registering. The
 * texts and shapes used only by the game-day pages are in contract/game-day.ts.
 */

export const WAIVER_LIMITS = {
  /** The waiver's Markdown text. */
  text: 20_000,
  fullName: 120,
  guardianName: 120,
  guardianPhone: 40,
  /** Below this age on the event's day a guardian signs too. */
  adultAge: 18,
} as const;

/** The waiver an event requires: its Markdown text and version (raised each time the text changes). */
export const eventWaiver = z.object({ version: z.number().int(), text: z.string() });
export type EventWaiver = z.infer<typeof eventWaiver>;

export const WAIVER_ANSWER_MESSAGES = {
  dateOfBirth: 'Enter a date of birth as YYYY-MM-DD',
  phone: 'Enter a phone number (digits, spaces, +, -, parentheses)',
} as const;

/** YYYY-MM-DD that is a real day of the calendar. */
export const isCalendarDay = (v: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v && Number(m[1]) >= 1900;
};

const optionalAnswer = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** What a player types to accept a waiver. A guardian's name and phone are needed under 18 (checked against the event). */
export const waiverAnswers = z
  .object({
    fullName: text().trim().min(3, 'Type your full name').max(WAIVER_LIMITS.fullName),
    dateOfBirth: z.string().trim().refine(isCalendarDay, WAIVER_ANSWER_MESSAGES.dateOfBirth),
    guardianName: optionalAnswer(WAIVER_LIMITS.guardianName),
    guardianPhone: optionalAnswer(WAIVER_LIMITS.guardianPhone).refine(
      (v) => v === undefined || /^\+?[\d\s()-]{6,}$/.test(v),
      WAIVER_ANSWER_MESSAGES.phone,
    ),
  })
  .strict();
export type WaiverAnswers = z.input<typeof waiverAnswers>;

/**
 * POST /api/events/{id}/registration's body (optional, issue 25): `sideId` picks a side of an event
 * with sides (left out, "any": the player is placed on the smaller side); `waiver`, the answers
 * when the event requires a waiver.
 */
export const registrationBody = z.object({
  sideId: z.uuid().toLowerCase().optional(),
  waiver: waiverAnswers.optional(),
  /** Issue 26: registered privately (counted, never listed among who is going but to the player). */
  private: z.boolean().optional(),
});
export type RegistrationBody = z.input<typeof registrationBody>;

/**
 * PATCH /api/events/{id}/registration's body (issue 26): the player on the event (registered or
 * waitlisted) makes their registration private (counted, not listed among who is going, left out
 * of their games record for others) or public again. Answers the event (`viewerPrivate`); 404
 * when the viewer is not on the event.
 */
export const registrationPrivacyBody = z.object({ private: z.boolean() }).strict();
export type RegistrationPrivacyBody = z.input<typeof registrationPrivacyBody>;

/** Whole years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const WAIVER_TEXTS = {
  required: 'This event requires a waiver: open the event to read and sign it',
  guardianRequired: 'A player under 18 needs a guardian’s name and phone',
  bornInFuture: 'The date of birth is after the event',
  tooYoung: (min: number) => `Players must be at least ${min} on the day of the event`,
} as const;
