import { Messages } from '@exhale/contract/messages';
import type { UserRole } from '@exhale/contract/auth';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, sessionRevoked, unauthorized } from '../lib/app-error';
import { authRepositories } from '../modules/auth/auth.module';
import type { SessionsRepository } from '../modules/auth/sessions.repository';
import { TokenService, type TokenClaims, type TokenKind } from '../modules/auth/tokens';

export interface AuthContext {
  userId: string;
  kind: TokenKind;
  role: UserRole;
  claims: TokenClaims;
  /** Set for session and whatsapp tokens. */
  sessionId?: string;
}

/** The caller of a route behind `authenticateInQuery`, for the query that checks the session. */
export interface SessionScope {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    sessions: SessionsRepository;
    /** onRequest hook: requires a bearer token of one of the given kinds (default: a full session). */
    authenticate: (kinds?: TokenKind[]) => onRequestAsyncHookHandler;
    /**
     * onRequest hook for the busiest signed-in reads: checks the token (signature, expiry, a
     * full-access kind) and leaves the session row to the handler's own query, which saves a
     * database round trip per request. The handler must read through `sessionScope(request)`
     * with a query that only finds rows for a live session (joined on id, user, not revoked,
     * not expired) and answer `sessionRevoked()` when it finds none. `caller(request)` refuses
     * (401) behind this hook, so a handler that forgets cannot skip the check.
     */
    authenticateInQuery: onRequestAsyncHookHandler;
    /** onRequest hook: requires a full session of an admin. */
    requireAdmin: onRequestAsyncHookHandler;
    /**
     * onRequest hook: requires a full session whose role is one of `roles` (the coach inbox
     * takes coaches and admins, decision 090); anyone else gets 403.
     */
    requireRole: (roles: readonly UserRole[]) => onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    auth?: AuthContext;
    sessionScope?: SessionScope;
  }
}

/** Session-bearing kinds: the server checks the session row on every request. */
const SESSION_KINDS: TokenKind[] = ['session', 'whatsapp'];
export const FULL_ACCESS: TokenKind[] = ['session', 'whatsapp'];

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { jwtSecret: string }) => {
  const tokens = new TokenService(opts.jwtSecret);
  const { sessions } = authRepositories(app.db);
  app.decorate('tokens', tokens);
  app.decorate('sessions', sessions);
  app.decorateRequest('auth', undefined);

  /** The token's claims when it is genuine, unexpired and of one of `kinds`. */
  async function verifiedClaims(request: FastifyRequest, kinds: TokenKind[]) {
    const raw = bearer(request);
    if (!raw) throw unauthorized();
    const claims = await tokens.verify(raw);
    if (!claims) throw unauthorized('INVALID_TOKEN', 'Session expired, please log in again');
    if (!kinds.includes(claims.kind)) {
      throw forbidden(Messages.WRONG_TOKEN_KIND.code, Messages.WRONG_TOKEN_KIND.message);
    }
    return claims;
  }

  async function resolve(request: FastifyRequest, kinds: TokenKind[]): Promise<AuthContext> {
    const claims = await verifiedClaims(request, kinds);
    let role: AuthContext['role'] = 'user';
    if (SESSION_KINDS.includes(claims.kind)) {
      const session = claims.sid ? await sessions.findActive(claims.sid, claims.sub) : undefined;
      if (!session) throw sessionRevoked();
      role = session.role;
    }
    return { userId: claims.sub, kind: claims.kind, role, claims, sessionId: claims.sid };
  }

  app.decorate('authenticate', (kinds: TokenKind[] = FULL_ACCESS) => {
    return async (request: FastifyRequest) => {
      request.auth = await resolve(request, kinds);
    };
  });

  app.decorateRequest('sessionScope', undefined);
  app.decorate('authenticateInQuery', async (request: FastifyRequest) => {
    const claims = await verifiedClaims(request, FULL_ACCESS);
    if (!claims.sid) throw sessionRevoked();
    request.sessionScope = { userId: claims.sub, sessionId: claims.sid };
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const auth = await resolve(request, FULL_ACCESS);
    if (auth.role !== 'admin') throw forbidden('ADMIN_ONLY', 'Admins only.');
    request.auth = auth;
  });

  app.decorate('requireRole', (roles: readonly UserRole[]) => {
    return async (request: FastifyRequest) => {
      const auth = await resolve(request, FULL_ACCESS);
      if (!roles.includes(auth.role)) {
        throw forbidden(Messages.COACH_ONLY.code, Messages.COACH_ONLY.message);
      }
      request.auth = auth;
    };
  });
});

/** For handlers behind `authenticate`: the caller, never undefined there. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** For handlers behind `authenticateInQuery`: whose live session their query must check. */
export function sessionScope(request: FastifyRequest): SessionScope {
  if (!request.sessionScope) throw unauthorized();
  return request.sessionScope;
}
