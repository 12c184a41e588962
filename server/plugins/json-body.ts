import type { App } from '../context';
import { badRequest } from '../errors';

/** What a JSON body may weigh unless its route says more (news and tutorials' Markdown, imports). */
export const JSON_BODY_LIMIT = 64 * 1024;

/** How deep a JSON body may nest objects and arrays; the API's own bodies go four levels deep at most. */
export const JSON_MAX_DEPTH = 32;

/**
 * The body limit of a route whose body carries up to `chars` characters of text: each as at most
 * 3 bytes of UTF-8 (or a 2-byte JSON escape), plus JSON_BODY_LIMIT for everything else.
 */
export const bodyLimitForText = (chars: number) => chars * 3 + JSON_BODY_LIMIT;

export const JSON_TOO_DEEP = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels of objects and arrays)`;

/**
 * Whether `text` opens more than `max` objects or arrays inside each other, in one pass over the
 * characters (strings skipped, escapes included), before anything is parsed or allocated.
 */
export function nestedBeyond(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * The JSON body parser: Fastify's own (secure-json-parse, prototype poisoning refused) behind a
 * depth check, so a body of deeply nested arrays is refused with 400 before JSON.parse and the
 * schema walk run over it. Sizes are Fastify's bodyLimit: JSON_BODY_LIMIT for the whole app, more
 * where a route sets its own (413 past it, from the Content-Length before reading). Decision 024.
 */
export function registerJsonBody(app: App) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestedBeyond(body as string, JSON_MAX_DEPTH)) return done(badRequest(JSON_TOO_DEEP), undefined);
    parse(request, body as string, done);
  });
}
