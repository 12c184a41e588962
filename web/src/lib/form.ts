import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api';

type Schema<TIn extends FieldValues, TOut extends FieldValues> = z.ZodType<TOut, TIn>;

/**
 * @hookform/resolvers' zod resolver for a schema fetched on demand: the form renders without zod,
 * which loads in the background (call `load` early to prefetch) and is awaited by the first
 * validation. The contract's schemas carry the spec's messages; the first one per field shows.
 */
export function lazyZodResolver<TIn extends FieldValues, TOut extends FieldValues>(
  load: () => Promise<Schema<TIn, TOut>>,
): Resolver<TIn, unknown, TOut> {
  return async (values, context, options) =>
    (zodResolver(await load()) as Resolver<TIn, unknown, TOut>)(values, context, options);
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

/** A mutation's `onError` that puts the server's field errors (an ApiError's) onto the form. */
export function onServerFieldErrors(
  setError: (name: never, error: { type: string; message: string }) => void,
  fields: readonly string[],
): (error: unknown) => void {
  return (error) => {
    if (error instanceof ApiError) applyServerFieldErrors(error.fieldErrors, setError, fields);
  };
}
