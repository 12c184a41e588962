/**
 * A JSON block the server put in the page's HTML (`<script type="application/json" id>`, decisions
 * 018 and 020), taken once: the block is removed as it is read, so that a later query (after the
 * first was dropped) asks the API. `undefined` without one (another page, the server's render in
 * Node, a plain index.html after an error on the server) or when it does not parse.
 */
export function takeEmbedded(id: string): unknown {
  const block = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '');
  } catch {
    return undefined;
  }
}

/** Whether the HTML carries the block `id`, not yet taken. */
export const hasEmbedded = (id: string) =>
  typeof document !== 'undefined' && document.getElementById(id) !== null;

/**
 * The object of block `id` when its `key` field is `value` (any case: the API matches ids and
 * usernames so), taken once; null without one or for another (the HTML of another page's address).
 */
export function takeEmbeddedWhere<T extends object>(
  id: string,
  key: keyof T & string,
  value: string,
): T | null {
  const data = takeEmbedded(id);
  if (!data || typeof data !== 'object') return null;
  const sent = (data as Record<string, unknown>)[key];
  return typeof sent === 'string' && sent.toLowerCase() === value.toLowerCase() ? (data as T) : null;
}
