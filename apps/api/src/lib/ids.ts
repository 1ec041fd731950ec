/**
 * Ids are opaque strings to clients (API.md) but uuids in the database: anything else can name
 * no row, and must be answered as "not found" before PostgreSQL refuses to compare it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
