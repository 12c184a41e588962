import { z } from 'zod';

/**
 * SPEC §5 lists the generic validator messages in the classic wording
 * ("Required", "Invalid email", "String must contain at least N character(s)", ...).
 * zod 4 words them differently, so one global error map restores the spec's texts for
 * server and web alike. Schemas that carry their own message keep it.
 */
function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return 'Required';
        return `Expected ${issue.expected}, received ${typeOf(issue.input)}`;
      case 'too_small':
        if (issue.origin === 'string') return `String must contain at least ${issue.minimum} character(s)`;
        if (issue.origin === 'array') return `Array must contain at least ${issue.minimum} element(s)`;
        return `Number must be greater than or equal to ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `String must contain at most ${issue.maximum} character(s)`;
        if (issue.origin === 'array') return `Array must contain at most ${issue.maximum} element(s)`;
        return `Number must be less than or equal to ${issue.maximum}`;
      case 'invalid_format':
        if (issue.format === 'email') return 'Invalid email';
        if (issue.format === 'uuid') return 'Invalid uuid';
        if (issue.format === 'url') return 'Invalid url';
        return 'Invalid input';
      case 'unrecognized_keys':
        return `Unrecognized key(s) in object: ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
      default:
        return 'Invalid input';
    }
  },
});

export { z };
