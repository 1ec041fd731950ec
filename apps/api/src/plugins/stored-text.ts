import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unstorableTextError, unstorableTextPath } from '../lib/validation';

/**
 * Validated input that a route is about to use may not carry text the database cannot store
 * (NUL, unpaired surrogates): such a request is a 400 here, not a 500 from PostgreSQL halfway
 * through the route. Runs after the schemas, so fields the schemas dropped are not looked at.
 */
export const storedTextPlugin = fp(async (app: FastifyInstance) => {
  // Callback style: an async hook costs a promise and a microtask on every request.
  app.addHook('preHandler', (request, _reply, done) => {
    for (const value of [request.params, request.query, request.body]) {
      const path = unstorableTextPath(value);
      if (path !== undefined) {
        done(unstorableTextError(path));
        return;
      }
    }
    done();
  });
});
