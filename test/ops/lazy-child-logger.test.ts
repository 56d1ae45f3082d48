import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from '../../src/server/ops/lazy-child-logger.js';

function capture(): { logger: FastifyBaseLogger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  // Fastify's own pino, as the server has it.
  return { logger: Fastify({ logger: { level: 'info', stream } }).log, lines: () => chunks.join('').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('lazy per-request child logger', () => {
  it('makes no child for a request that logs nothing', () => {
    const { logger } = capture();
    const child = vi.spyOn(logger, 'child');
    const requestLog = lazyChildLoggerFactory.call(undefined as never, logger, { reqId: 'req-1' }, {}, undefined as never);
    expect(requestLog.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
  });

  it('logs with the request id once something is logged, through one child', async () => {
    const { logger, lines } = capture();
    const child = vi.spyOn(logger, 'child');
    const requestLog = lazyChildLoggerFactory.call(undefined as never, logger, { reqId: 'req-2' }, {}, undefined as never);
    requestLog.error({ status: 500 }, 'request failed');
    requestLog.warn('again');
    requestLog.debug('below the level');
    await new Promise((resolve) => setImmediate(resolve));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines()).toMatchObject([
      { level: 50, reqId: 'req-2', status: 500, msg: 'request failed' },
      { level: 40, reqId: 'req-2', msg: 'again' },
    ]);
    const nested = requestLog.child({ step: 'x' });
    nested.info('nested');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines().at(-1)).toMatchObject({ reqId: 'req-2', step: 'x', msg: 'nested' });
  });
});
