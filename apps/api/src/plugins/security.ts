import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  if (config.STORAGE_PROVIDER === 's3' && config.S3_ENDPOINT) {
    img.push(new URL(config.S3_ENDPOINT).origin);
  }
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

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false, // Razorpay and Google iframes are cross-origin
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' }, // Google sign-in popup
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.NODE_ENV === 'production',
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
