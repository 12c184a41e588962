import { UAParser } from 'ua-parser-js';

/**
 * The device kind of a user agent, by ua-parser-js: 'mobile', 'tablet', the parser's other kinds
 * ('smarttv', 'console', 'wearable', 'embedded'), and 'desktop' when it names none.
 */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return 'desktop';
  return new UAParser(userAgent).getDevice().type ?? 'desktop';
}
