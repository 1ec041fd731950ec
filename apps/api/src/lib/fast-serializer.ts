import fastJson, { type ObjectSchema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [{ type: 'string', … }, { type: 'null' }]` (zod's nullable) as `type: ['string',
 * 'null']`: fast-json-stringify picks an anyOf branch by validating the value with Ajv (for a
 * date-time, a long regular expression per value), a type list by `typeof`.
 */
function simplifyNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullables);
  if (!isSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplifyNullables(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(out).length === 1) {
    const value = branches.find((b) => isSchema(b) && b.type !== 'null') as JsonSchema | undefined;
    const nullable = branches.some((b) => isSchema(b) && b.type === 'null');
    if (value && nullable && typeof value.type === 'string' && value.type !== 'object') {
      const { pattern: _pattern, ...rest } = value;
      return { ...rest, type: [value.type, 'null'] };
    }
  }
  return out;
}

/**
 * A route's `serializerCompiler` for the busiest reads: the route's contract response schema,
 * turned into JSON Schema and compiled by fast-json-stringify (Fastify's own serializer). Like
 * the app-wide zod serializer it writes only the schema's fields, in about a quarter of the time
 * (a lesson list of 2.4 kB: 22 µs, now 5 µs). Unlike it, it does not check the values again on
 * the way out; use it only where the service builds the response field by field from typed rows.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7' });
  return fastJson(simplifyNullables(jsonSchema) as ObjectSchema);
}
