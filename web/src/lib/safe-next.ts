/** A made-up origin to resolve a path against: what resolves elsewhere leaves the site. */
const HERE = 'http://here.invalid';

/**
 * Where to go after signing in (`/auth?next=...`, issue 20): `next` when it is a path of this
 * site, else `/`. A same-site path starts with one `/` (not `//` or `/\`, which browsers read as
 * another host), has no control character (browsers drop tabs and newlines: `/\t/evil.com`) and
 * still resolves to this origin; /auth itself is refused (it would send the player back here).
 * `next` is the parameter as URLSearchParams gives it: already decoded once, never decoded again
 * (`%2F%2Fevil.com` stays a relative name, and is refused for not starting with `/`).
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > 2000) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return '/';
  }
  if (url.origin !== HERE) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /auth with the page to come back to (the current page's path and query; / needs none). */
export function authPath(next: string): string {
  return next === '/' || next === '' ? '/auth' : `/auth?next=${encodeURIComponent(next)}`;
}
