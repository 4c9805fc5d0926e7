import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * The JSON schema of what a zod response schema outputs, or null when zod cannot express it
 * (a transform, a date): such routes keep the plain zod path.
 */
export function responseJsonSchema(schema: z.ZodType): Schema | null {
  try {
    return z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Schema;
  } catch {
    return null;
  }
}

/**
 * Serializer of the responses declared with zod schemas (decision 0001, issue 10): each schema is
 * compiled once into a fast-json-stringify function, which writes only the declared fields (so a
 * stray column never leaks) and fails on a missing required one. With `check` (tests and
 * development) every answer is also parsed by the zod schema first, so a wrong type, value or enum
 * member fails the request there, as it did before; production skips that per-response walk.
 */
export function createResponseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const jsonSchema = responseJsonSchema(schema);
    const stringify: Serialize = jsonSchema ? (fastJsonStringify(jsonSchema) as Serialize) : JSON.stringify;
    if (!check && jsonSchema) return stringify;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
