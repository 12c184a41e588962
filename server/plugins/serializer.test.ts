import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { feedPost } from '../../contract';
import { jsonSchemaSerializerCompiler, simplifyNullable } from './serializer';

const serializerFor = (schema: z.ZodType) =>
  jsonSchemaSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);

describe('the response serializer', () => {
  it('writes a nullable field as a type list (no anyOf to validate on every answer)', () => {
    expect(simplifyNullable({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({
      type: ['string', 'null'],
    });
    const json = z.toJSONSchema(feedPost, { target: 'draft-7', io: 'output' });
    expect(JSON.stringify(simplifyNullable(json))).not.toContain('anyOf');
  });

  it('writes only the fields of the schema, nulls included', () => {
    const write = serializerFor(z.object({ id: z.string(), avatar: z.string().nullable(), n: z.number() }));
    expect(JSON.parse(write({ id: 'a', avatar: null, n: 2, password: 'secret' }))).toEqual({
      id: 'a',
      avatar: null,
      n: 2,
    });
    expect(JSON.parse(write({ id: 'b', avatar: '/objects/images/x.webp', n: 0 })).avatar).toBe(
      '/objects/images/x.webp',
    );
  });
});
