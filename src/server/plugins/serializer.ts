import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Writes each answer with fast-json-stringify, from the route's zod response schema turned into
 * JSON Schema once at start-up: what Fastify does with JSON Schemas by default. The zod
 * serializer re-built every answer through the schema and then stringified the copy, which took
 * three to four times as long for a page of 20 videos (50-126 µs against 14-33 µs, measured).
 * Like zod, it writes only the properties the contract names, so a field the contract leaves out
 * never reaches a client, and it fails on a missing required one; unlike zod it does not check
 * each value's type, which the services' typed code already guarantees. A schema that cannot be
 * expressed as JSON Schema keeps the zod serializer.
 */
export function serializerCompiler(route: SerializerCompiler): (data: unknown) => string {
  const { schema } = route;
  if (schema instanceof z.ZodType) {
    try {
      const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
      return fastJsonStringify(json as Schema);
    } catch {
      // Falls through to zod's own serializer.
    }
  }
  return zodSerializerCompiler(route);
}
