// Fastify gives every request a child of the pino logger (bound to its request id). Making
// that child serialises its bindings at once, a large share of what a whole redirect costs
// (docs/performance.md, "The redirect: per-request costs"), on requests that almost never log
// (per-request logging is off; only errors are logged). This factory hands out a stand-in that
// makes the real child the first time something is logged, so a log line still carries its
// request id.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: LogArgs): void {
    this.real().fatal(...args);
  }
  error(...args: LogArgs): void {
    this.real().error(...args);
  }
  warn(...args: LogArgs): void {
    this.real().warn(...args);
  }
  info(...args: LogArgs): void {
    this.real().info(...args);
  }
  debug(...args: LogArgs): void {
    this.real().debug(...args);
  }
  trace(...args: LogArgs): void {
    this.real().trace(...args);
  }
  silent(...args: LogArgs): void {
    this.real().silent(...args);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  // The class has every method Fastify's logger contract asks for (Fastify checks it).
  new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
