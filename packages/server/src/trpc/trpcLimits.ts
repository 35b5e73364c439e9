import { Transform, type Readable } from 'node:stream';
import { TRPC_BATCH_MAX } from '@vcase/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyLimitsOf, UPLOAD_BODY_LIMIT, type BodyLimits } from '../http/bodyLimits.js';
import { trpcRefusal } from './errorShape.js';

/** The largest body one operation takes (a voter ID's two images): the tRPC routes' own limit. */
export const TRPC_BODY_MAX = 2 * UPLOAD_BODY_LIMIT;

/** The procedures a tRPC request calls: `/trpc/a,b?batch=1` → `['a', 'b']`. */
export function proceduresOf(url: string): string[] {
  const path = url.split('?', 1)[0].replace(/^\/trpc\/?/, '');
  return path === ''
    ? []
    : path.split(',').map((p) => {
        try {
          return decodeURIComponent(p);
        } catch {
          return p;
        }
      });
}

/**
 * What the body of a tRPC request may carry: the limits of its procedures added up, as if each
 * call were its own REST request, up to `TRPC_BODY_MAX`.
 */
export function trpcBodyLimits(procedures: string[]): BodyLimits {
  const each = procedures.map(bodyLimitsOf);
  return {
    bytes: Math.min(
      TRPC_BODY_MAX,
      each.reduce((sum, l) => sum + l.bytes, 0),
    ),
    // The batch's own wrapping (`{"0": …, "1": …}`) takes one entry per call.
    maxEntries: each.reduce((sum, l) => sum + l.maxEntries + 1, 0),
    ...(each.some((l) => l.carriesFile) ? { carriesFile: true as const } : {}),
  };
}

const limitsOfRequest = new WeakMap<FastifyRequest, BodyLimits>();

/** The limits `limitTrpcBodies` set for a request (those of its procedures). */
export const trpcLimitsOf = (req: FastifyRequest): BodyLimits => limitsOfRequest.get(req) ?? trpcBodyLimits(proceduresOf(req.url));

/** The error Fastify raises for a body over its limit, which the scope's error handler answers. */
const tooLarge = () => Object.assign(new Error('body too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });

/**
 * A batch takes at most TRPC_BATCH_MAX calls. Bodies of the tRPC routes are limited per
 * request, by the procedures they call: a declared
 * length over the limit is refused before the body is read, and a body without one is cut off
 * once it passes the limit while streaming. (The routes themselves take up to TRPC_BODY_MAX.)
 */
export function limitTrpcBodies(scope: FastifyInstance) {
  // A batch over its size is refused before anything of it runs (callback style: the common
  // request goes on without a promise).
  scope.addHook('onRequest', (req, reply, done) => {
    // A URL without a comma calls one procedure at most: its path is not taken apart.
    const calls = req.url.includes(',') ? proceduresOf(req.url).length : 1;
    if (calls <= TRPC_BATCH_MAX) return done();
    reply.status(400).send(
      trpcRefusal(req.url, {
        key: 'BAD_REQUEST',
        message: `Un lote tRPC admite como máximo ${TRPC_BATCH_MAX} llamadas; este tiene ${calls}`,
        httpStatus: 400,
        contractCode: 'VALIDATION_ERROR',
      }),
    );
  });
  scope.addHook('onRoute', (route) => {
    route.bodyLimit = TRPC_BODY_MAX;
  });
  // (Callback style; a GET or HEAD, whose body is never read, goes on at once.) Bench rows: the tRPC pairs.
  scope.addHook('preParsing', (req, _reply, payload, done) => {
    if (req.method === 'GET' || req.method === 'HEAD') return done(null, payload);
    const limits = trpcBodyLimits(proceduresOf(req.url));
    limitsOfRequest.set(req, limits);
    // Only JSON is read: a body of another type is refused for its type first, as on REST.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return done(null, payload);
    if (req.headers['content-length'] !== undefined) {
      if (Number(req.headers['content-length']) > limits.bytes) return done(tooLarge());
      return done(null, payload);
    }
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        seen += chunk.length;
        next(seen > limits.bytes ? tooLarge() : null, chunk);
      },
    });
    done(null, (payload as Readable).pipe(counted));
  });
}
