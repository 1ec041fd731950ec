import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** Prometheus metrics on a registry of this app's own, so tests can build many apps. */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  // Callback style: an async hook costs a promise and a microtask on every request.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL, keeps label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    duration
      .labels(request.method, route, String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
    done();
  });
});
