import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { auditLog, type AuditLogRow } from '../src/db/schema/admin';
import { multipart } from './multipart';
import { createUser, type TestUser } from './programme-fixtures';

export { createUser, expectError, programmeApp, type TestUser } from './programme-fixtures';

/** A signed-in operator (role admin). */
export function createAdmin(app: FastifyInstance, name = 'Operator'): Promise<TestUser> {
  return createUser(app, { role: 'admin', name });
}

/** One of the committed demo videos or thumbnails. */
export function seedMedia(name: string): Buffer {
  return readFileSync(new URL(`../src/db/seed/media/${name}`, import.meta.url));
}

/** An authenticated JSON call, checked for the expected status; returns the parsed body. */
export async function call<T = { data: unknown }>(
  app: FastifyInstance,
  user: TestUser,
  options: InjectOptions & { expect?: number },
): Promise<T> {
  const { expect: status = 200, ...request } = options;
  const res = await app.inject({ ...request, headers: { ...user.headers, ...request.headers } });
  expect(
    res.statusCode,
    `${String(request.method ?? 'GET')} ${String(request.url)}: ${res.body}`,
  ).toBe(status);
  return res.json() as T;
}

/** POST /api/admin/uploads with one file; returns the upload. */
export async function upload(
  app: FastifyInstance,
  admin: TestUser,
  kind: 'video' | 'image',
  file: { filename: string; contentType: string; data: Buffer },
) {
  const body = multipart({ file });
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/uploads?kind=${kind}`,
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  return res;
}

export async function uploadSeedVideo(app: FastifyInstance, admin: TestUser, name = 'free-1.mp4') {
  const res = await upload(app, admin, 'video', {
    filename: name,
    contentType: 'video/mp4',
    data: seedMedia(name),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { key: string; url: string; duration_seconds: number };
}

export async function uploadSeedImage(app: FastifyInstance, admin: TestUser, name = 'free-1.jpg') {
  const res = await upload(app, admin, 'image', {
    filename: name,
    contentType: 'image/jpeg',
    data: seedMedia(name),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { key: string; url: string };
}

/** The newest audit rows, optionally of one entity. */
export async function auditRows(app: FastifyInstance, entity?: string): Promise<AuditLogRow[]> {
  const query = app.db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return entity ? query.where(eq(auditLog.entity, entity)) : query;
}
