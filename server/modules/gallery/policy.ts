/**
 * Who sees what of an event's gallery (issue 26): anyone, once the event has started; before its
 * start the gallery is closed (empty, with the time it opens), whoever asks.
 */
export const galleryOpen = (event: { date: Date }, now = Date.now()) => event.date.getTime() <= now;
