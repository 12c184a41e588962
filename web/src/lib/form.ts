import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Schema<TIn extends FieldValues, TOut extends FieldValues> = z.ZodType<TOut, TIn>;

async function validate<TIn extends FieldValues, TOut extends FieldValues>(
  schema: Schema<TIn, TOut>,
  values: TIn,
) {
  const result = await schema.safeParseAsync(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (path && !errors[path]) errors[path] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<TIn> };
}

/**
 * A react-hook-form resolver for a zod schema (the contract's schemas carry the spec's
 * messages). The first message per field is shown.
 */
export function zodResolver<TIn extends FieldValues, TOut extends FieldValues>(
  schema: Schema<TIn, TOut>,
): Resolver<TIn, unknown, TOut> {
  return (values) => validate(schema, values);
}

/**
 * The same, for a schema fetched on demand: the form renders without zod, which loads in the
 * background (call `load` early to prefetch) and is awaited by the first validation.
 */
export function lazyZodResolver<TIn extends FieldValues, TOut extends FieldValues>(
  load: () => Promise<Schema<TIn, TOut>>,
): Resolver<TIn, unknown, TOut> {
  return async (values) => validate(await load(), values);
}

/** Puts a server answer's field errors (`errors: {field: [messages]}`) onto the form. */
export function applyServerFieldErrors(
  fieldErrors: Record<string, string[]> | undefined,
  setError: (name: never, error: { type: string; message: string }) => void,
  fields: readonly string[],
): void {
  if (!fieldErrors) return;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (fields.includes(field) && messages[0])
      setError(field as never, { type: 'server', message: messages[0] });
  }
}
