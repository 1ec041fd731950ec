import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * Strict headers for the API and the web app it serves. The CSP names only
 * our own origin plus the outside scripts the product really loads: Razorpay
 * Checkout when payments are live and Google Identity Services when sign-in
 * with Google is configured.
 */
export function contentSecurityPolicy(config: Config) {
  const script = ["'self'"];
  const frame = ["'self'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
  const style = ["'self'", "'unsafe-inline'"]; // Radix and Google's button set inline styles
  if (config.PAYMENT_PROVIDER === 'razorpay') {
    script.push('https://checkout.razorpay.com');
    frame.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    connect.push('https://lumberjack.razorpay.com', 'https://api.razorpay.com');
    img.push('https://cdn.razorpay.com');
  }
  if (config.GOOGLE_CLIENT_ID) {
    script.push('https://accounts.google.com/gsi/client');
    frame.push('https://accounts.google.com/gsi/');
    connect.push('https://accounts.google.com/gsi/');
    style.push('https://accounts.google.com/gsi/style');
  }
  // Media from an S3-compatible store is proxied at /media on our origin (decision 017), so the
  // store never needs a CSP allowance.
  return {
    defaultSrc: ["'self'"],
    scriptSrc: script,
    styleSrc: style,
    imgSrc: img,
    mediaSrc: [...img.filter((s) => s !== 'data:')],
    connectSrc: connect,
    frameSrc: frame,
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
  };
}

/**
 * Helmet's headers for our configuration. They do not depend on the request (no CSP nonces), so
 * they are worked out once here instead of per response: @fastify/helmet rebuilt the whole
 * Helmet middleware, CSP parsing included, for every request.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false, // Razorpay and Google iframes are cross-origin
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' }, // Google sign-in popup
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.NODE_ENV === 'production',
  };
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Pages whose address carries a one-time token (`?token=`): the browser must not pass the address
 * on as a Referer to anything the page loads or links to.
 */
const TOKEN_PAGES = /^\/(reset|user-delete)\/?(\?|$)/;

/**
 * Whether an answer is private to its caller: it went through a session check (`request.auth`,
 * `sessionScope`), it belongs to sign-in (codes, tokens), or it carried credentials and the route
 * said nothing about caching. Public content a signed-in client fetches keeps its own caching.
 */
function isPrivateAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.url.startsWith('/api/')) return false;
  if (request.auth || request.sessionScope) return true;
  if (request.url.startsWith('/api/auth/')) return true;
  return Boolean(request.headers.authorization) && !reply.hasHeader('cache-control');
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  const headers = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (TOKEN_PAGES.test(request.url)) reply.header('referrer-policy', 'no-referrer');
    done();
  });

  // Signed-in answers and sign-in answers are never stored by a browser or a shared cache
  // (a shared computer's back button, a proxy): one hook instead of a header per route.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivateAnswer(request, reply)) {
      const current = String(reply.getHeader('cache-control') ?? '');
      if (!/\bno-store\b/.test(current)) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // Same-origin by default; other origins only when listed.
  const allowed = new Set(config.CORS_ORIGINS.map((o) => new URL(o).origin));
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
    credentials: false,
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAge: 600,
  });
});
