import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema (`z.toJSONSchema`), as Fastify does natively, instead of validating every answer with zod
 * at run time: the schema still decides which fields go out (no field outside it leaks), and the
 * feed pays nothing for it (decision 011, bench/README.md).
 */
export const jsonSchemaSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (schema instanceof z.ZodType) {
    const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  }
  return (data) => JSON.stringify(data);
};
