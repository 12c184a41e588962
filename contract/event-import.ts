/**
 * The server's messages about importing events and calendar feeds. Apart from EVENT_TEXTS, which
 * the first load carries (event cards), since no page shows them but as the server's answer.
 */
export const EVENT_IMPORT_TEXTS = {
  badSource: 'Not a calendar: no iCalendar events or schema.org Event found',
  noPreset: 'No preset events site is set (EVENTS_IMPORT_URL)',
  fetchFailed: 'The address could not be fetched',
  cutShort:
    'Stopped early: the source has more repeating events than one import reads; the events read so far were imported',
  tooSlow: 'the source takes too long to read; nothing was imported',
  tooLarge: 'the source is larger than 5 MB',
  calendarNotFound: 'Calendar not found',
  // The Import Events card's own texts (Manage Events only)
  importEvents: 'Import Events',
  importButton: 'Import',
  importComplete: 'Import Complete',
  importFailed: 'Import Failed',
  importFailedDefault: 'Failed to import events',
  presetSource: 'Preset events site',
  customSource: 'Custom',
} as const;

/** 'imported N events, skipped N duplicates' (SPEC §8 Import). */
export const importSummary = (a: { added: number; skipped: number; note?: string }) =>
  `imported ${a.added} events, skipped ${a.skipped} duplicates${a.note ? `. ${a.note}` : ''}`;
