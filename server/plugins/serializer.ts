import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * zod writes a nullable field as `anyOf: [X, {type: 'null'}]`; fast-json-stringify resolves an
 * `anyOf` by validating the value against each branch on every answer, which cost the feed a third
 * of its throughput. The same meaning as `type: [X's type, 'null']` is written without validation.
 */
export function simplifyNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const node: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) node[key] = simplifyNullable(value);
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && typeof other?.type === 'string' && !('anyOf' in other) && !('oneOf' in other)) {
      const { anyOf: _, ...rest } = node;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return node;
}

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema (`z.toJSONSchema`), as Fastify does natively, instead of validating every answer with zod
 * at run time: the schema still decides which fields go out (no field outside it leaks), and the
 * feed pays little for it (decision 011, bench/README.md).
 */
export const jsonSchemaSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (schema instanceof z.ZodType) {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]);
  }
  return (data) => JSON.stringify(data);
};

/**
 * `schema`'s answers written as a route whose response schema it is writes them (the same
 * serializer: its fields, no other), for an answer that goes out inside a page's HTML (decisions
 * 018 and 020). Compiled on first use.
 */
export function answerWriter<T>(schema: z.ZodType): (value: T) => string {
  let write: ((value: T) => string) | null = null;
  return (value) => {
    write ??= jsonSchemaSerializerCompiler({ schema } as never) as (value: T) => string;
    return write(value);
  };
}
