import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { HttpMethod, JsonSchema, Operation, Parameter } from './openapi-operations';
import { fillPath } from './openapi-operations';
import {
  conforms,
  nastyString,
  schemaPaths,
  setAt,
  validValue,
  wrongValue,
  type JsonPath,
} from './schema-values';

/**
 * Request generators for the bad-input suite. Each generator ("kind") builds requests for one
 * operation of the OpenAPI document. Most must be refused by the API (they carry the reason and
 * the statuses allowed for it); the "hostile but well-formed" kinds may also be accepted.
 */

/** The app's body limit (apps/api/src/app.ts). */
export const BODY_LIMIT = 1024 * 1024;

export interface Probe {
  kind: string;
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Why the API must refuse this request, whatever it is; undefined when it may be accepted. */
  refusal?: string;
  /** The statuses that refusal may take (when the caller's identity gets that far). */
  statuses?: readonly number[];
  /** Refused by the route's schema, so a 400 shows the catalogue's text. */
  schemaRefusal?: boolean;
  /** The router may refuse it (undecodable or unroutable path) before authentication runs. */
  beforeAuth?: boolean;
}

export interface ProbeContext {
  /** Path parameter values for requests meant to get past the path (ids of real rows, or any). */
  ids: fc.Arbitrary<string>;
  /** Authorization headers that must all be refused: malformed, forged, expired, revoked. */
  badAuthorizations: readonly string[];
}

export type Generator = (op: Operation, ctx: ProbeContext) => fc.Arbitrary<Probe> | undefined;

const JSON_TYPE = 'application/json';
const VALIDATION = [400] as const;

// ---------------------------------------------------------------------------------------------
// Pieces of a request that are fine, so one piece at a time can be made bad.

/** Percent-encoding that survives lone surrogates (which have no UTF-8 form): they become U+FFFD. */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );

function queryString(entries: [string, string][]): string {
  if (entries.length === 0) return '';
  return `?${entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
}

function validQueryEntries(op: Operation): fc.Arbitrary<[string, string][]> {
  if (op.query.length === 0) return fc.constant([]);
  const model = Object.fromEntries(
    op.query.map((p) => [p.name, validValue(p.schema).map((v) => String(v))]),
  );
  return fc
    .record(model, { requiredKeys: op.query.filter((p) => p.required).map((p) => p.name) })
    .map((record) => Object.entries(record) as [string, string][]);
}

function pathFor(op: Operation, id: fc.Arbitrary<string>): fc.Arbitrary<string> {
  if (op.pathParams.length === 0) return fc.constant(op.path);
  const model = Object.fromEntries(op.pathParams.map((p) => [p.name, id.map((v) => encode(v))]));
  return fc.record(model).map((values) => fillPath(op, values));
}

const jsonSchemaOf = (op: Operation): JsonSchema | undefined => op.body[JSON_TYPE];
const multipartSchemaOf = (op: Operation): JsonSchema | undefined => op.body['multipart/form-data'];

/** A body the document allows (or none, for operations without a JSON body). */
function validBody(op: Operation): fc.Arbitrary<unknown> {
  const schema = jsonSchemaOf(op);
  return schema ? validValue(schema) : fc.constant(undefined);
}

/** Everything fine but the body: the URL with valid query and ids that name nothing. */
function url(op: Operation): fc.Arbitrary<string> {
  return fc
    .tuple(pathFor(op, fc.uuid()), validQueryEntries(op))
    .map(([path, query]) => `${path}${queryString(query)}`);
}

function jsonProbe(
  op: Operation,
  kind: string,
  target: string,
  text: string | Buffer,
  refusal: string,
  statuses: readonly number[] = VALIDATION,
): Probe {
  const size = Buffer.byteLength(text);
  return {
    kind,
    method: op.method,
    url: target,
    headers: { 'content-type': JSON_TYPE },
    payload: text,
    refusal: size > BODY_LIMIT ? `the body (${size} bytes) is over the limit` : refusal,
    statuses: size > BODY_LIMIT ? [413] : statuses,
    schemaRefusal: true,
  };
}

/**
 * `body` made unacceptable to `schema` (unchanged if it already is), without touching the top-level
 * key `keep` that carries the payload under test.
 */
function poisoned(
  schema: JsonSchema,
  body: unknown,
  keep?: string | number,
): fc.Arbitrary<unknown> {
  if (!conforms(schema, body)) return fc.constant(body);
  const candidates = schemaPaths(schema).filter(
    (p) => p.path.length === 1 && p.path[0] !== keep && wrongValue(p.schema),
  );
  const options: fc.Arbitrary<unknown>[] = candidates.map((p) =>
    wrongValue(p.schema)!.map((wrong) => setAt(body, p.path, wrong)),
  );
  for (const p of schemaPaths(schema)) {
    if (p.required && p.path.length === 1 && p.path[0] !== keep) {
      options.push(fc.constant(setAt(body, p.path, undefined, true)));
    }
  }
  const refused = options.length
    ? fc.oneof(...options).filter((b) => !conforms(schema, b))
    : fc.constant(undefined);
  // With nothing left to spoil, the body goes inside an array: the root type is then wrong.
  return options.length ? fc.oneof(refused, fc.constant([body])) : fc.constant([body]);
}

/** A text payload with `marker` (a JSON string in `text`) replaced by raw JSON `raw`. */
function splice(text: string, marker: string, raw: string): string {
  return text.replace(JSON.stringify(marker), raw);
}

// ---------------------------------------------------------------------------------------------
// JSON bodies the contract refuses.

function jsonGenerator(
  kind: string,
  build: (
    schema: JsonSchema,
    op: Operation,
  ) => fc.Arbitrary<{ text: string | Buffer; why: string }> | null,
): Generator {
  return (op) => {
    const schema = jsonSchemaOf(op);
    if (!schema || op.method === 'GET') return undefined;
    const built = build(schema, op);
    if (!built) return undefined;
    return fc
      .tuple(url(op), built)
      .map(([target, { text, why }]) => jsonProbe(op, kind, target, text, why));
  };
}

const wrongType = jsonGenerator('wrong-type', (schema, op) => {
  const paths = schemaPaths(schema).filter((p) => wrongValue(p.schema));
  if (!paths.length) return null;
  return fc
    .tuple(validBody(op), fc.constantFrom(...paths))
    .chain(([body, p]) => wrongValue(p.schema)!.map((wrong) => setAt(body, p.path, wrong)))
    .chain((body) => poisoned(schema, body))
    .map((body) => ({ text: JSON.stringify(body), why: 'a field has the wrong type' }));
});

const missingRequired = jsonGenerator('missing-required', (schema, op) => {
  const paths = schemaPaths(schema).filter((p) => p.required);
  if (!paths.length) return null;
  return fc
    .tuple(validBody(op), fc.constantFrom(...paths))
    .chain(([body, p]) =>
      fc.oneof(
        fc.constant(setAt(body, p.path, undefined, true)),
        fc.constant(setAt(body, p.path, null)),
      ),
    )
    .chain((body) => poisoned(schema, body))
    .map((body) => ({ text: JSON.stringify(body), why: 'a required field is missing' }));
});

const EXTRA_KEYS = [
  'role',
  'type',
  'is_admin',
  'isAdmin',
  'user_id',
  '_id',
  'id',
  'success',
  'step',
  'total_points',
  'price',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '$where',
  '$gt',
];

const extraFields = jsonGenerator('extra-fields', (schema, op) => {
  const known = new Set(schemaPaths(schema).map((p) => String(p.path.at(-1))));
  const extraKey = fc
    .oneof(fc.constantFrom(...EXTRA_KEYS), nastyString, fc.string({ maxLength: 20 }))
    .filter((key) => !known.has(key) && key !== '__proto__' && key !== 'constructor');
  return fc
    .tuple(
      validBody(op),
      fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 8 }),
    )
    .chain(([body, extra]) =>
      poisoned(
        schema,
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? { ...extra, ...body }
          : extra,
      ),
    )
    .map((body) => ({ text: JSON.stringify(body), why: 'unknown fields beside a bad one' }));
});

const HUGE_SIZES = [512 * 1024, 1_000_000, BODY_LIMIT - 64, BODY_LIMIT + 1, 2 * BODY_LIMIT];

const hugeString = jsonGenerator('huge-string', (schema, op) => {
  const paths = schemaPaths(schema).filter((p) => p.schema.type !== 'object');
  const where = paths.length
    ? fc.constantFrom(...paths.map((p) => p.path))
    : fc.constant<JsonPath>(['x']);
  return fc
    .tuple(
      validBody(op),
      where,
      fc.constantFrom(...HUGE_SIZES),
      fc.constantFrom('a', 'é', '\u0000', '😀', '<'),
    )
    .chain(([body, path, size, unit]) => {
      // Units that JSON escapes or UTF-8 widens take more bytes on the wire than characters.
      const chars = Math.floor(size / Buffer.byteLength(JSON.stringify(unit).slice(1, -1)));
      return poisoned(schema, setAt(body, path, unit.repeat(chars)), path[0]);
    })
    .map((body) => ({ text: JSON.stringify(body), why: 'a huge string beside a bad field' }));
});

const hugeArray = jsonGenerator('huge-array', (schema, op) => {
  const paths = schemaPaths(schema)
    .filter((p) => p.schema.type === 'array')
    .map((p) => p.path);
  return fc
    .tuple(
      validBody(op),
      fc.constantFrom<JsonPath>([], ...paths),
      fc.constantFrom(10_000, 100_000, 250_000),
      fc.constantFrom<unknown>(0, 'a', null, {}, []),
    )
    .chain(([body, path, length, item]) =>
      poisoned(schema, setAt(body, path, new Array(length).fill(item)), path[0]),
    )
    .map((body) => ({ text: JSON.stringify(body), why: 'a huge array' }));
});

const DEEP = 'deep-nesting-marker';

const deepNesting = jsonGenerator('deep-nesting', (schema, op) => {
  const paths = schemaPaths(schema).map((p) => p.path);
  return fc
    .tuple(
      validBody(op),
      fc.constantFrom<JsonPath>([], ...paths),
      fc.constantFrom(10_000, 50_000),
      fc.constantFrom('array', 'object'),
    )
    .chain(([body, path, depth, shape]) => {
      const raw =
        shape === 'array'
          ? '['.repeat(depth) + ']'.repeat(depth)
          : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      // The oracle judges a shallow stand-in of the same shape; the wire gets the deep one.
      const standIn = shape === 'array' ? [[]] : { a: { a: 1 } };
      const judged = setAt(body, path, standIn);
      return poisoned(schema, judged, path[0]).map((refused) => {
        const text = JSON.stringify(refused);
        const marked = JSON.stringify(setAt(refused, path, DEEP));
        // If poisoning wrapped or replaced the location, nest the deep value beside it instead.
        return marked.includes(DEEP) && JSON.stringify(setAt(refused, path, standIn)) === text
          ? splice(marked, DEEP, raw)
          : `[${text},${raw}]`;
      });
    })
    .map((text) => ({ text, why: 'JSON nested thousands deep' }));
});

const nastyText = jsonGenerator('nasty-text', (schema, op) => {
  const paths = schemaPaths(schema)
    .filter((p) => p.schema.type === 'string' || p.schema.anyOf || p.schema.type === undefined)
    .map((p) => p.path);
  return fc
    .tuple(
      validBody(op),
      fc.array(fc.tuple(fc.constantFrom<JsonPath>(['x'], ...paths), nastyString), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
    )
    .chain(([body, edits, keys]) => {
      let edited = body;
      for (const [path, text] of edits) edited = setAt(edited, path, text);
      if (typeof edited === 'object' && edited !== null && !Array.isArray(edited)) {
        delete (keys as Record<string, unknown>)['__proto__'];
        edited = { ...keys, ...edited };
      }
      return poisoned(schema, edited);
    })
    .map((body) => ({ text: JSON.stringify(body), why: 'control characters and lone surrogates' }));
});

const PROTO = 'proto-key-marker';

const prototypeKeys = jsonGenerator('prototype-keys', (schema, op) => {
  const objectPaths = schemaPaths(schema)
    .filter((p) => p.schema.type === 'object')
    .map((p) => p.path);
  return fc
    .tuple(
      validBody(op),
      fc.constantFrom<JsonPath>([], ...objectPaths),
      fc.constantFrom(
        '"__proto__":{"role":"admin","isAdmin":true}',
        '"constructor":{"prototype":{"role":"admin"}}',
        '"__proto__":null',
      ),
    )
    .map(([body, path, raw]) => {
      const target = typeof body === 'object' && body !== null ? body : {};
      const marked = JSON.stringify(setAt(target, [...path, PROTO], 1));
      return {
        text: marked.replace(`${JSON.stringify(PROTO)}:1`, raw),
        why: 'prototype pollution keys',
      };
    });
});

const wrongRoot = jsonGenerator('wrong-root', (schema) => {
  const wrong = wrongValue(schema);
  if (!wrong) return null;
  return fc
    .oneof(
      wrong.map((value) => JSON.stringify(value)),
      fc.constantFrom('"x"', '0', 'true', 'null', '[]', `[${'1,'.repeat(200_000)}1]`),
    )
    .filter((text) => !conforms(schema, JSON.parse(text)))
    .map((text) => ({ text, why: 'the body is not an object' }));
});

const invalidUtf8 = jsonGenerator('invalid-utf8', (schema, op) => {
  const paths = schemaPaths(schema)
    .filter((p) => p.schema.type === 'string')
    .map((p) => p.path);
  const MARK = 'invalid-utf8-marker';
  return fc
    .tuple(validBody(op), fc.constantFrom<JsonPath>(['x'], ...paths))
    .chain(([body, path]) => poisoned(schema, setAt(body, path, MARK), path[0]))
    .map((body) => {
      const text = JSON.stringify(body);
      const at = text.indexOf(MARK);
      const bad = Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80]);
      const bytes =
        at === -1
          ? Buffer.concat([Buffer.from(text), bad])
          : Buffer.concat([
              Buffer.from(text.slice(0, at)),
              bad,
              Buffer.from(text.slice(at + MARK.length)),
            ]);
      return { text: bytes, why: 'bytes that are not UTF-8' };
    });
});

// ---------------------------------------------------------------------------------------------
// Bodies no parser accepts, for every operation that reads a body.

const INVALID_JSON = [
  '{',
  '}',
  '{"a":1',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '{"a":01}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '[1,2',
  '[1,]',
  'NaN',
  'Infinity',
  'undefined',
  '{"a":"\\x"}',
  '{"a":"\\u12"}',
  '"unterminated',
  '{"a":"\u0000"}',
  '\u0000',
  '\ufeff\ufeff{}',
  '<xml/>',
  '--',
  '{"a":1e99999999999}x',
];

const invalidJson: Generator = (op) => {
  if (op.method === 'GET') return undefined;
  return fc
    .tuple(
      url(op),
      fc.oneof(
        fc.constantFrom(...INVALID_JSON),
        validBody(op).chain((body) => {
          const text = JSON.stringify(body ?? { a: 'b' });
          return fc
            .integer({ min: 1, max: Math.max(1, text.length - 1) })
            .map((n) => text.slice(0, n));
        }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
      ),
    )
    .filter(([, text]) => {
      try {
        JSON.parse(text.replace(/^\ufeff/, ''));
        return false;
      } catch {
        return true;
      }
    })
    .map(([target, text]) => jsonProbe(op, 'invalid-json', target, text, 'the body is not JSON'));
};

const emptyJson: Generator = (op) => {
  if (op.method === 'GET') return undefined;
  return url(op).map((target) =>
    jsonProbe(op, 'empty-json', target, '', 'JSON was announced but the body is empty'),
  );
};

const UNPARSED_TYPES = [
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/xml',
  'text/html',
  'text/csv',
  'image/png',
  'image/svg+xml',
  'application/octet-stream',
  'application/pdf',
  'application/javascript',
  'application/x-yaml',
  'foo',
  'foo/bar',
  'application/json-patch+json',
  'application/jsonx',
  'x-application/json',
  'application/vnd.api+json',
];

const unparsedContentType: Generator = (op) => {
  if (op.method === 'GET') return undefined;
  return fc
    .tuple(
      url(op),
      fc.constantFrom(...UNPARSED_TYPES),
      fc.oneof(fc.constant('a=1&b=2'), fc.constant('{"a":1}'), nastyString.filter(Boolean)),
    )
    .map(([target, type, payload]) => ({
      kind: 'unparsed-content-type',
      method: op.method,
      url: target,
      headers: { 'content-type': type },
      payload,
      refusal: `no parser reads ${type}`,
      // 400: a route that reads raw bytes of any type (the payment webhook) refuses the content.
      statuses: [400, 415],
    }));
};

/** text/plain reaches the validator as a string, which no object schema takes. */
const textForJson: Generator = (op) => {
  const schema = jsonSchemaOf(op);
  if (!schema || op.method === 'GET' || !op.bodyRequired) return undefined;
  return fc
    .tuple(
      url(op),
      fc.oneof(
        validBody(op).map((b) => JSON.stringify(b)),
        nastyString,
      ),
    )
    .filter(([, text]) => !conforms(schema, text))
    .map(([target, text]) => ({
      kind: 'text-for-json',
      method: op.method,
      url: target,
      headers: { 'content-type': 'text/plain' },
      payload: text,
      refusal: 'plain text where a JSON object is required',
      statuses: [400, 415],
    }));
};

/** Filler for bodies over the limit, made once: slices of it cost nothing. */
const FILLER = 'a'.repeat(2 * BODY_LIMIT);

const oversized: Generator = (op) => {
  if (op.method === 'GET' || multipartSchemaOf(op)) return undefined;
  return fc
    .tuple(url(op), fc.integer({ min: BODY_LIMIT + 1, max: 2 * BODY_LIMIT }))
    .map(([target, size]) =>
      jsonProbe(op, 'oversized', target, `{"x":"${FILLER.slice(0, size)}"}`, 'too large'),
    );
};

// ---------------------------------------------------------------------------------------------
// Multipart bodies: broken framing, hostile names, files that are not pictures.

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
  /** Raw header lines instead of the usual ones. */
  rawHeaders?: string;
}

function multipartBody(parts: Part[], boundary: string, end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers =
      part.rawHeaders ??
      `Content-Disposition: form-data; name="${part.name}"` +
        (part.filename !== undefined ? `; filename="${part.filename}"` : '') +
        (part.type ? `\r\nContent-Type: ${part.type}` : '');
    chunks.push(Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Files that are no JPEG, PNG or WebP, whatever their name says. */
const NOT_PICTURES: { filename: string; type: string; data: Buffer }[] = [
  { filename: 'a.png', type: 'image/png', data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n') },
  {
    filename: 'a.jpg',
    type: 'image/jpeg',
    data: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)]),
  },
  {
    filename: 'a.svg',
    type: 'image/svg+xml',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  },
  { filename: 'a.html', type: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
  { filename: 'a.png', type: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  { filename: 'a.gif', type: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00') },
  { filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
  { filename: 'zeros.jpg', type: 'image/jpeg', data: Buffer.alloc(4096) },
];

const HOSTILE_NAMES = [
  '../../../etc/passwd',
  '..\\..\\boot.ini',
  'a\u0000.png',
  'x'.repeat(5000),
  '"quoted".png',
  '😀.png',
  '',
  'con.png',
];

const badMultipart: Generator = (op) => {
  const schema = multipartSchemaOf(op);
  if (!schema || op.method === 'GET') return undefined;
  const fileFields = schemaPaths(schema)
    .filter((p) => p.schema.format === 'binary')
    .map((p) => String(p.path[0]));
  const textFields = new Set(schemaPaths(schema).map((p) => String(p.path[0])));
  const fileField = fc.constantFrom(...fileFields, 'file', 'upload', 'image[]');
  const notPicture = fc.constantFrom(...NOT_PICTURES);
  // Text fields that are never a valid profile form: unknown names or refused values.
  const junkField = fc.record({
    name: fc
      .oneof(fc.constantFrom('title', 'x', 'name[]', '__proto__x'), nastyString)
      .filter((n) => n !== 'title' || textFields.has('title')),
    data: nastyString,
  });
  const boundary = `----fuzz${randomUUID().slice(0, 8)}`;
  const good = (parts: Part[]) => ({
    type: `multipart/form-data; boundary=${boundary}`,
    body: multipartBody(parts, boundary),
  });
  const bodies = fc.oneof(
    // A file that is no picture, in the right or a wrong field, under a hostile name.
    fc
      .tuple(
        fileField,
        notPicture,
        fc.constantFrom(...HOSTILE_NAMES, 'ok.png'),
        fc.array(junkField, { maxLength: 3 }),
      )
      .map(([field, file, filename, junk]) =>
        good([...junk, { name: field, filename, type: file.type, data: file.data }]),
      ),
    // Only text fields: nothing to upload.
    fc.array(junkField, { minLength: 1, maxLength: 5 }).map((junk) => good(junk)),
    // Broken framing.
    fc.constantFrom(
      { type: 'multipart/form-data', body: Buffer.from('--x\r\n\r\n') },
      { type: 'multipart/form-data; boundary=', body: Buffer.from('----\r\n') },
      {
        type: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody([{ name: 'a', data: 'b' }], 'another-boundary'),
      },
      {
        type: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(
          [{ name: fileFields[0] ?? 'file', filename: 'a.png', type: 'image/png', data: 'x' }],
          boundary,
          false,
        ),
      },
      {
        type: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(
          [{ name: 'a', rawHeaders: 'Garbage-Without-Colon', data: 'b' }],
          boundary,
        ),
      },
      {
        type: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(
          [{ name: 'a', rawHeaders: 'Content-Type: text/plain', data: 'b' }],
          boundary,
        ),
      },
      { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.alloc(0) },
      { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.from('garbage') },
      { type: `multipart/form-data; boundary="${'b'.repeat(200)}"`, body: Buffer.from('x') },
    ),
    // A cut at any byte of an otherwise plausible body.
    fc.tuple(notPicture, fc.double({ min: 0, max: 1, noNaN: true })).map(([file, cut]) => {
      const full = multipartBody(
        [
          {
            name: fileFields[0] ?? 'file',
            filename: file.filename,
            type: file.type,
            data: file.data,
          },
        ],
        boundary,
      );
      return {
        type: `multipart/form-data; boundary=${boundary}`,
        body: full.subarray(0, Math.floor(full.length * cut)),
      };
    }),
    // Past the part limits: many fields, many files, a prototype field name.
    fc.constantFrom(
      good(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, data: 'v' }))),
      good(
        Array.from({ length: 5 }, (_, i) => ({
          name: fileFields[0] ?? 'file',
          filename: `${i}.png`,
          type: 'image/png',
          data: NOT_PICTURES[0]!.data,
        })),
      ),
      good([{ name: '__proto__', data: '{"role":"admin"}' }]),
      good([{ name: 'constructor', data: 'x' }]),
      good([{ name: 'f', data: 'v'.repeat(20_000) }]),
    ),
    // A large file of garbage (over the smaller upload limits).
    fc.constantFrom(3, 6).map((mb) =>
      good([
        {
          name: fileFields[0] ?? 'file',
          filename: 'big.png',
          type: 'image/png',
          data: Buffer.alloc(mb * 1024 * 1024, 0x41),
        },
      ]),
    ),
  );
  return fc.tuple(url(op), bodies).map(([target, { type, body }]) => ({
    kind: 'bad-multipart',
    method: op.method,
    url: target,
    headers: { 'content-type': type },
    payload: body,
    refusal: 'a multipart body without an acceptable picture',
    statuses: [400, 406, 413, 415],
  }));
};

/** A form upload where JSON is required: the body is then missing. */
const multipartForJson: Generator = (op) => {
  if (!jsonSchemaOf(op) || multipartSchemaOf(op) || !op.bodyRequired || op.method === 'GET') {
    return undefined;
  }
  const boundary = 'fuzzboundary';
  return fc.tuple(url(op), validBody(op)).map(([target, body]) => ({
    kind: 'multipart-for-json',
    method: op.method,
    url: target,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: multipartBody(
      Object.entries((body ?? {}) as Record<string, unknown>).map(([name, value]) => ({
        name,
        data: typeof value === 'string' ? value : JSON.stringify(value),
      })),
      boundary,
    ),
    refusal: 'multipart where JSON is required',
    statuses: [400, 415],
  }));
};

// ---------------------------------------------------------------------------------------------
// Bad paths, queries and credentials, with an otherwise acceptable body.

function withValidBody(op: Operation): fc.Arbitrary<Pick<Probe, 'headers' | 'payload'>> {
  if (op.method === 'GET' || !jsonSchemaOf(op)) return fc.constant({ headers: {} });
  return validBody(op).map((body) => ({
    headers: { 'content-type': JSON_TYPE },
    payload: JSON.stringify(body ?? {}),
  }));
}

/** Path segments (already URL-encoded where they need to be) that are no id of any row. */
const BAD_ID_SEGMENTS = [
  'abc',
  '-1',
  '0',
  '1',
  '1.5',
  '1e3',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '%5B%5D',
  '%7B%7D',
  '00000000-0000-0000-0000-00000000000g',
  '%7B00000000-0000-0000-0000-000000000000%7D',
  'urn:uuid:00000000-0000-0000-0000-000000000000',
  '00000000000000000000000000000000',
  '00000000-0000-0000-0000-0000000000000',
  '%2000000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000%00',
  '%00',
  '%ff',
  '%',
  '%E0%A4',
  '%zz',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%C3%BC',
  '%F0%9F%98%80',
  '*',
  "'%20OR%201%3D1",
  'a'.repeat(101),
  'a'.repeat(10_000),
];

const badPathId: Generator = (op) => {
  if (op.pathParams.length === 0) return undefined;
  const segment = fc.oneof(
    fc.constantFrom(...BAD_ID_SEGMENTS),
    nastyString
      .filter((s) => s.length > 0)
      .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')))
      .filter(Boolean),
  );
  return fc
    .tuple(
      fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, segment]))),
      validQueryEntries(op),
      withValidBody(op),
    )
    .map(([values, query, body]) => ({
      kind: 'bad-path-id',
      method: op.method,
      url: `${fillPath(op, values)}${queryString(query)}`,
      ...body,
      refusal: 'the id is not the id of any row',
      statuses: [400, 404],
      beforeAuth: true,
    }));
};

const unknownId: Generator = (op) => {
  if (op.pathParams.length === 0) return undefined;
  return fc
    .tuple(pathFor(op, fc.uuid()), validQueryEntries(op), withValidBody(op))
    .map(([path, query, body]) => ({
      kind: 'unknown-id',
      method: op.method,
      url: `${path}${queryString(query)}`,
      ...body,
      refusal: 'the id names no row',
      statuses: [400, 404],
    }));
};

/** What the server's query parsing makes of a raw value: numbers are coerced (`z.coerce`). */
function queryValueConforms(param: Parameter, value: string | string[]): boolean {
  const types = [param.schema.type ?? []].flat();
  if (types.includes('integer') || types.includes('number')) {
    return conforms(param.schema, Number(value));
  }
  return conforms(param.schema, value);
}

/** A raw (URL-encoded) value the parameter refuses, or undefined for free-text parameters. */
function badQueryValue(param: Parameter): fc.Arbitrary<string> | undefined {
  const raw = fc.oneof(
    fc.constantFrom(
      '',
      'abc',
      '-1',
      '0',
      '1.5',
      '1e400',
      'NaN',
      'Infinity',
      '99999999999999999999',
      '%00',
      '%',
      '%zz',
      '%E0%A4',
      '%ff%fe',
      'a'.repeat(10_000),
      'true',
      'null',
      '%5B%5D',
    ),
    nastyString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?'))),
  );
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const candidates = raw.filter((s) => !queryValueConforms(param, decode(s)));
  // A parameter that takes any string cannot be given a bad one.
  return ['x', 'abc', '%', '%zz', 'a b'].every((s) => queryValueConforms(param, s))
    ? undefined
    : candidates;
}

const badQuery: Generator = (op) => {
  if (op.query.length === 0) return undefined;
  const options: fc.Arbitrary<{ entries: string; why: string }>[] = [];
  const valid = validQueryEntries(op);
  const encodeEntries = (entries: [string, string][]) =>
    entries.map(([k, v]) => `${encode(k)}=${encode(v)}`);
  for (const param of op.query) {
    const bad = badQueryValue(param);
    if (bad) {
      options.push(
        fc.tuple(valid, bad).map(([entries, value]) => ({
          entries: [
            ...encodeEntries(entries.filter(([k]) => k !== param.name)),
            `${encodeURIComponent(param.name)}=${value}`,
          ].join('&'),
          why: `?${param.name} has a value it does not take`,
        })),
      );
    }
    // The same key twice arrives as an array, which no parameter takes.
    options.push(
      fc
        .tuple(valid, validValue(param.schema), validValue(param.schema))
        .map(([entries, a, b]) => ({
          entries: [
            ...encodeEntries(entries.filter(([k]) => k !== param.name)),
            `${encodeURIComponent(param.name)}=${encode(String(a))}`,
            `${encodeURIComponent(param.name)}=${encode(String(b))}`,
          ].join('&'),
          why: `?${param.name} given twice`,
        })),
    );
    if (param.required) {
      options.push(
        valid.map((entries) => ({
          entries: [
            ...encodeEntries(entries.filter(([k]) => k !== param.name)),
            `${encodeURIComponent(param.name)}[]=x`,
            `${encodeURIComponent(param.name)}[a]=x`,
          ].join('&'),
          why: `required ?${param.name} is missing`,
        })),
      );
    }
  }
  return fc
    .tuple(pathFor(op, fc.uuid()), fc.oneof(...options), withValidBody(op))
    .map(([path, { entries, why }, body]) => ({
      kind: 'bad-query',
      method: op.method,
      url: `${path}?${entries}`,
      ...body,
      refusal: why,
      statuses: VALIDATION,
      schemaRefusal: true,
    }));
};

const badAuth: Generator = (op, ctx) => {
  if (!op.secured) return undefined;
  return fc
    .tuple(url(op), withValidBody(op), fc.constantFrom(...ctx.badAuthorizations))
    .map(([target, body, authorization]) => ({
      kind: 'bad-auth',
      method: op.method,
      url: target,
      ...body,
      headers: { ...body.headers, authorization },
      refusal: 'the credentials are not valid',
      statuses: [401],
    }));
};

/** Requests that must be refused, whoever sends them. */
export const REFUSED: Record<string, Generator> = {
  'wrong-type': wrongType,
  'missing-required': missingRequired,
  'extra-fields': extraFields,
  'huge-string': hugeString,
  'huge-array': hugeArray,
  'deep-nesting': deepNesting,
  'nasty-text': nastyText,
  'prototype-keys': prototypeKeys,
  'wrong-root': wrongRoot,
  'invalid-utf8': invalidUtf8,
  'invalid-json': invalidJson,
  'empty-json': emptyJson,
  'unparsed-content-type': unparsedContentType,
  'text-for-json': textForJson,
  oversized,
  'bad-multipart': badMultipart,
  'multipart-for-json': multipartForJson,
  'bad-path-id': badPathId,
  'unknown-id': unknownId,
  'bad-query': badQuery,
  'bad-auth': badAuth,
};

// ---------------------------------------------------------------------------------------------
// Hostile but well-formed: what the contract allows, filled with the worst text it allows.

function hostile(schema: JsonSchema, body: unknown): fc.Arbitrary<unknown> {
  const textPaths = schemaPaths(schema)
    .filter((p) => p.schema.type === 'string' && !p.schema.enum && !p.schema.format)
    .map((p) => p.path);
  if (!textPaths.length) return fc.constant(body);
  return fc
    .array(fc.tuple(fc.constantFrom(...textPaths), nastyString), { maxLength: textPaths.length })
    .map((edits) => edits.reduce<unknown>((b, [path, text]) => setAt(b, path, text), body));
}

const wellFormed: Generator = (op, ctx) => {
  const schema = jsonSchemaOf(op);
  const body: fc.Arbitrary<Pick<Probe, 'headers' | 'payload'>> =
    schema && op.method !== 'GET'
      ? validValue(schema)
          .chain((b) => fc.oneof(fc.constant(b), hostile(schema, b)))
          .chain((b) =>
            fc.oneof(
              fc.constant(b),
              fc
                .dictionary(fc.constantFrom(...EXTRA_KEYS), fc.jsonValue({ maxDepth: 2 }))
                .map((extra) =>
                  typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...extra, ...b } : b,
                ),
            ),
          )
          .map((b) => ({ headers: { 'content-type': JSON_TYPE }, payload: JSON.stringify(b) }))
      : fc.oneof(
          fc.constant({ headers: {} }),
          // A body where none is read, of any type the server has a parser for.
          op.method === 'GET'
            ? fc.constant({ headers: {} })
            : fc.constantFrom(
                { headers: { 'content-type': JSON_TYPE }, payload: '{"a":1}' },
                { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
              ),
        );
  const junkQuery = fc.array(
    fc.tuple(
      fc.constantFrom('x', 'limit', 'page', 'role', 'sort', 'callback', 'q'),
      nastyString.map((s) => s.replace(/[\ud800-\udfff]/g, '')),
    ),
    { maxLength: 3 },
  );
  const headerValues = fc.record(
    Object.fromEntries(
      op.headers.map((h) => [h.name, fc.string({ unit: 'grapheme-ascii', maxLength: 200 })]),
    ),
    { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>;
  return fc
    .tuple(pathFor(op, ctx.ids), validQueryEntries(op), junkQuery, body, headerValues)
    .map(([path, query, junk, b, headers]) => ({
      kind: 'well-formed',
      method: op.method,
      url: `${path}${queryString([...query, ...junk.filter(([k]) => !op.query.some((p) => p.name === k))])}`,
      headers: { ...headers, ...b.headers },
      payload: b.payload,
    }));
};

/** Requests the contract may accept: they must still never get a 5xx. */
const isFreeText = (schema: JsonSchema) =>
  schema.type === 'string' && !schema.enum && !schema.format && !schema.pattern;

/** `text` with a character PostgreSQL cannot store (NUL, a lone surrogate), within `maxLength`. */
const withUnstorable = (text: unknown, schema: JsonSchema) =>
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000').map((bad) => {
    const base = typeof text === 'string' && text.length > 0 ? text : 'text';
    return `${bad}${base}`.slice(0, Math.max(bad.length, schema.maxLength ?? Infinity));
  });

/**
 * Every free-text field (body and query) of an otherwise valid request given a NUL or a lone
 * surrogate: text the database cannot store must be refused with a 400, not fail in a query.
 */
const unstorableText: Generator = (op, ctx) => {
  const schema = jsonSchemaOf(op);
  const bodyPaths =
    schema && op.method !== 'GET'
      ? schemaPaths(schema)
          .filter((p) => isFreeText(p.schema))
          .map((p) => p.path)
      : [];
  const queryParams = op.query.filter((p) => isFreeText(p.schema));
  if (!bodyPaths.length && !queryParams.length) return undefined;
  const body = schema
    ? validValue(schema).chain((b) =>
        bodyPaths.reduce<fc.Arbitrary<unknown>>(
          (acc, path) =>
            acc.chain((current) =>
              withUnstorable(
                path.reduce<unknown>(
                  (v, key) => (v as Record<string | number, unknown> | undefined)?.[key],
                  current,
                ),
                schemaPaths(schema).find((p) => p.path.join('.') === path.join('.'))!.schema,
              ).map((text) => setAt(current, path, text)),
            ),
          fc.constant(b),
        ),
      )
    : fc.constant(undefined);
  const query = validQueryEntries(op).chain((entries) =>
    fc
      .tuple(...queryParams.map((p) => withUnstorable('q', p.schema).map((v) => [p.name, v])))
      .map((bad) => [
        ...entries.filter(([k]) => !queryParams.some((p) => p.name === k)),
        ...(bad as [string, string][]),
      ]),
  );
  return fc.tuple(pathFor(op, ctx.ids), query, body).map(([path, entries, b]): Probe => ({
    kind: 'unstorable-text',
    method: op.method,
    url: `${path}${queryString(entries)}`,
    headers: b === undefined ? {} : { 'content-type': JSON_TYPE },
    payload: b === undefined ? undefined : JSON.stringify(b),
  }));
};

export const WELL_FORMED: Record<string, Generator> = {
  'well-formed': wellFormed,
  'unstorable-text': unstorableText,
};

export { queryValueConforms };
