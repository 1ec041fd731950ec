import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * The base URL mailed links point at. PUBLIC_URL when set; otherwise the origin this request came
 * to, which is right for local use but trusts the Host header, so the config requires PUBLIC_URL
 * in production.
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}
