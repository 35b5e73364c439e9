import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The usual security headers on every answer, set by helmet (its defaults: nosniff, frame and
 * referrer policies, cross-origin isolation, HSTS …). The API answers JSON, which needs
 * nothing loaded or framed, so its Content-Security-Policy allows nothing; the Swagger UI at
 * /docs sets its own (`docsCsp`), and stored files theirs (`files.routes.ts`).
 *
 * helmet's middleware is built once here: @fastify/helmet builds it anew for every request
 * (its `onRequest` hook calls `helmet(options)`), about 4 µs of a cached GET's ~45.
 * Bench rows: GET taxes, tickets and case list (docs/performance.md, "guard, second pass").
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
}

/**
 * The policy of the Swagger UI pages (/docs): its scripts, styles and images from this server,
 * inline styles (the UI sets them), its validator badge, and "Try it out" requests to this
 * server and to the configured public URL. No `upgrade-insecure-requests`: the server may be
 * reached over plain HTTP on a private network, where it would break the page's own files.
 */
export function docsCsp(publicUrl: string | undefined): string {
  const origin = publicUrl && /^https?:\/\//.test(publicUrl) ? ` ${new URL(publicUrl).origin}` : '';
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "frame-ancestors 'self'",
    "img-src 'self' data: https://validator.swagger.io",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self'${origin}`,
  ].join('; ');
}
