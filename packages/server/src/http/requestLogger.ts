import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * Fastify gives every request a child logger bound to its request id. pino makes a child by
 * copying its parent and serialising the bindings, on every request, yet outside debug level a
 * request writes a line only when something goes wrong. This one stands in for the child and
 * makes it on the first line written (or the first `child()`), with the same bindings and
 * options, so the lines are the ones the child would have written.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return (this.#made ?? this.parent).level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }
}

for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] satisfies Level[]) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value(this: RequestLogger, ...args: unknown[]) {
      const made = (this as unknown as { made: Record<Level, (...a: unknown[]) => void> }).made;
      return made[level](...args);
    },
  });
}

/**
 * Fastify's `childLoggerFactory`: a child made on first use. Options that change the child
 * itself (a route's own log level or serializers) get the child at once, as Fastify makes it.
 */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options) {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
};
