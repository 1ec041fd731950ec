import { errorBodySchema } from '@exhale/contract/envelope';

/** Documents the contract's error body for each listed status, so clients get its type too. */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S[number],
    typeof errorBodySchema
  >;
}

/** OpenAPI: the route takes `Authorization: Bearer <token>`. */
export const bearerAuth = [{ bearer: [] }];
