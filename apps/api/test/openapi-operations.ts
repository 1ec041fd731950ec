import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The subset of JSON Schema that the zod route schemas produce in the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document, in the shape the request generators need. */
export interface Operation {
  method: HttpMethod;
  /** OpenAPI form, e.g. `/api/blog/{id}`. */
  path: string;
  /** `GET /api/blog/{id}`: how tests and their failure reports name the operation. */
  name: string;
  /** The document lists a bearer requirement. */
  secured: boolean;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  /** Request body schemas by media type (`application/json`, `multipart/form-data`). */
  body: Partial<Record<'application/json' | 'multipart/form-data', JsonSchema>>;
  bodyRequired: boolean;
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every operation the app documents, read from its own /api/openapi.json, so a route added later
 * is covered by the suites built on this without anyone listing it.
 */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(item)) {
      const method = verb.toUpperCase() as HttpMethod;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      const body: Operation['body'] = {};
      for (const [mediaType, content] of Object.entries(op.requestBody?.content ?? {})) {
        if (mediaType === 'application/json' || mediaType === 'multipart/form-data') {
          body[mediaType] = content.schema ?? {};
        }
      }
      operations.push({
        method,
        path,
        name: `${method} ${path}`,
        secured: (op.security ?? []).length > 0,
        pathParams: params('path'),
        query: params('query'),
        headers: params('header'),
        body,
        bodyRequired: op.requestBody?.required === true,
      });
    }
  }
  return operations;
}

/** The operation's URL with its path parameters filled in (already URL-encoded by the caller). */
export function fillPath(op: Pick<Operation, 'path'>, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${op.path}`);
    return value;
  });
}

/** `/api/blog/{id}` → `/api/blog/:id`, the form Fastify's route table uses. */
export const fastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');
