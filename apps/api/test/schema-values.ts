import fc from 'fast-check';
import { isUuid } from '../src/lib/ids';
import type { JsonSchema } from './openapi-operations';

/**
 * Values for and against the JSON Schemas of the OpenAPI document: a small validator used as the
 * oracle ("does the contract allow this?"), and fast-check arbitraries for allowed and disallowed
 * values. The validator is deliberately lenient where the document cannot say what zod does
 * (unknown formats are not checked), so "the contract refuses this" is never claimed wrongly.
 */

function typesOf(schema: JsonSchema): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return true;
  }
}

const regexCache = new Map<string, RegExp | null>();
function compile(pattern: string): RegExp | null {
  if (!regexCache.has(pattern)) {
    let regex: RegExp | null = null;
    for (const flags of ['u', '']) {
      try {
        regex = new RegExp(pattern, flags);
        break;
      } catch {
        // try the next flags
      }
    }
    regexCache.set(pattern, regex);
  }
  return regexCache.get(pattern)!;
}

/** Code points in `text`, as JSON Schema and zod count length (an emoji is one, not two). */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1, count += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i += 1;
  }
  return count;
}

function stringFits(schema: JsonSchema, value: string): boolean {
  const length = codePoints(value);
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (schema.format === 'uuid' && !isUuid(value)) return false;
  const regex = schema.pattern ? compile(schema.pattern) : null;
  return !regex || regex.test(value);
}

/** Whether the contract's schema allows `value` (JSON values only). */
export function conforms(schema: JsonSchema, value: unknown): boolean {
  // A union of one is how the document shows a zod union whose other branch it could not render
  // (a string that is transformed, e.g. rupee amounts sent as "5898.82"): anything may be allowed.
  if (schema.anyOf?.length === 1) return true;
  if (schema.anyOf) return schema.anyOf.some((branch) => conforms(branch, value));
  if (schema.oneOf) return schema.oneOf.filter((branch) => conforms(branch, value)).length === 1;
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) {
    return false;
  }
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    return false;
  }
  const types = typesOf(schema);
  if (types && !types.some((type) => hasType(value, type))) return false;
  // Many contract strings are trimmed, and some lower- or upper-cased (exercise routes, coupon
  // codes), before they are checked, which the document cannot say: a string fits when it fits as
  // sent or normalised in one of those ways.
  if (typeof value === 'string') {
    const trimmed = value.trim();
    // Case only matters to a pattern; a megabyte string is not copied twice for nothing.
    const forms = schema.pattern
      ? [value, trimmed, trimmed.toLowerCase(), trimmed.toUpperCase()]
      : [value, trimmed];
    if (!forms.some((form) => stringFits(schema, form))) return false;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items && !value.every((item) => conforms(schema.items!, item))) return false;
  }
  if (hasType(value, 'object') && (schema.properties || schema.required)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!Object.hasOwn(record, key) || record[key] === undefined) return false;
    }
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (Object.hasOwn(record, key) && !conforms(property, record[key])) return false;
    }
  }
  return true;
}

/** Strings worth throwing at every text field: encodings, controls, injections, lookalikes. */
export const NASTY_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y\ud83d',
  '\ufeff',
  '\ufffe\uffff',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d',
  '\u2028\u2029',
  '\u0001\u0002\u0003\u0007\u0008\u001b[31m',
  '\u007f\u0085\u009f',
  '\r\n\r\nX-Injected: 1',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'धूम्रपान छोड़ें',
  '%00%ff%',
  '${7*7}{{7*7}}<%= 7*7 %>',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '9007199254740993',
  ' ',
  '',
  '\t\n\v\f\r',
  'A'.repeat(5000),
];

/** A hostile string: one of the list, several of them glued, or any code points at all. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...NASTY_STRINGS), { minLength: 2, maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
);

/** Values of every JSON type; `wrongValue` keeps those the schema refuses. */
const SAMPLE_VALUES: readonly unknown[] = [
  'text',
  '',
  '1',
  0,
  -1,
  1.5,
  -1e308,
  1e308,
  true,
  false,
  null,
  [],
  [1, 'a'],
  {},
  { a: 1 },
];

/** A value of a type (or range) the schema does not allow, or undefined when it allows them all. */
export function wrongValue(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const refused = SAMPLE_VALUES.filter((value) => !conforms(schema, value));
  return refused.length ? fc.constantFrom(...refused) : undefined;
}

const KNOWN_GOOD_STRINGS = ['Secret@123', 'a@example.com', 'hello', 'x'];

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.constantFrom('a@example.com', 'b.c@example.org');
  if (schema.pattern) {
    const regex = compile(schema.pattern);
    if (regex) {
      try {
        // Small repetitions keep most strings short; a long minimum (a push key's 80+ characters)
        // needs medium ones, or the length filter would almost never pass and generation spins.
        return fc
          .stringMatching(regex, { size: min >= 10 ? 'medium' : 'small' })
          .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
      } catch {
        // fast-check cannot generate from lookaheads; fall back to strings known to fit
        const fitting = KNOWN_GOOD_STRINGS.filter((s) => conforms(schema, s));
        if (fitting.length) return fc.constantFrom(...fitting);
      }
    }
  }
  return fc.string({ minLength: min, maxLength: max });
}

/** A value the schema allows (as far as the document says; zod may still refine it). */
export function validValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, depth)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  if (!types) return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'string':
          return stringValue(schema);
        case 'integer':
        case 'number': {
          const lowest = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0;
          const min = Math.max(schema.minimum ?? lowest, -1_000_000);
          const highest =
            schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1000;
          const max = Math.max(min, Math.min(schema.maximum ?? highest, min + 1_000_000));
          return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
        }
        case 'array': {
          const minLength = schema.minItems ?? 0;
          const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
          return fc.array(validValue(schema.items ?? {}, depth + 1), { minLength, maxLength });
        }
        case 'object': {
          const properties = schema.properties ?? {};
          const model = Object.fromEntries(
            Object.entries(properties).map(([key, property]) => [
              key,
              validValue(property, depth + 1),
            ]),
          );
          return fc.record(model, {
            requiredKeys: (schema.required ?? []).filter((key) => key in properties),
          });
        }
        default:
          return fc.constant(null);
      }
    }),
  );
}

/** A location inside a JSON value: object keys and array indexes. */
export type JsonPath = (string | number)[];

/** Every property and item location a schema describes (first branch of each union), with its schema. */
export function schemaPaths(
  schema: JsonSchema,
  prefix: JsonPath = [],
  depth = 0,
): { path: JsonPath; schema: JsonSchema; required: boolean }[] {
  if (depth > 6) return [];
  const out: { path: JsonPath; schema: JsonSchema; required: boolean }[] = [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    for (const branch of branches) out.push(...schemaPaths(branch, prefix, depth));
    return out;
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    out.push({ path, schema: property, required: (schema.required ?? []).includes(key) });
    out.push(...schemaPaths(property, path, depth + 1));
  }
  if (schema.items) {
    const path = [...prefix, 0];
    out.push({ path, schema: schema.items, required: (schema.minItems ?? 0) > 0 });
    out.push(...schemaPaths(schema.items, path, depth + 1));
  }
  return out;
}

/** A copy of `root` with `value` at `path` (creating the containers on the way), or without it. */
export function setAt(root: unknown, path: JsonPath, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string | number, unknown> | unknown[] =
    typeof head === 'number'
      ? Array.isArray(root)
        ? [...(root as unknown[])]
        : []
      : typeof root === 'object' && root !== null && !Array.isArray(root)
        ? { ...(root as Record<string, unknown>) }
        : {};
  const current = (container as Record<string | number, unknown>)[head!];
  if (rest.length === 0 && remove) {
    if (Array.isArray(container)) container.splice(head as number, 1);
    else delete (container as Record<string, unknown>)[head as string];
  } else {
    (container as Record<string | number, unknown>)[head!] = setAt(current, rest, value, remove);
  }
  return container;
}
