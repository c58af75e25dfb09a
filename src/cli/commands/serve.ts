import type { Platform } from '../../core/env.js';
import { UsageError } from '../../core/errors.js';
import { keyFilePath } from '../../config/paths.js';
import { loadEmbedded } from '../embedded.js';
import type { IO } from '../io.js';
import { bind, type Invoke } from '../program.js';
import { SERVE } from '../spec.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * `weather serve`: the embedded implementation over HTTP. The first stdout line is the base URL;
 * everything else (created key, access log, shutdown) goes to stderr.
 */
export function serveCommand(io: IO, platform: Platform): Invoke {
  return bind(SERVE, async (_args, { host, port, rateLimit, now: frozen }) => {
    // Listen for SIGINT/SIGTERM before anything else: a script may stop the server the moment it
    // has read the URL line, and the default action would kill it mid-request.
    const stopped = io.untilSignal();
    const [{ KeyFile, watchKeyFile }, { createRateLimiter }, { startServer }, embedded] =
      await Promise.all([
        import('../../keys/store.js'),
        import('../../server/ratelimit.js'),
        import('../../server/http.js'),
        loadEmbedded(platform),
      ]);
    const file = new KeyFile(keyFilePath(io.env));
    if (file.read().length === 0) {
      const created = file.create('default', new Date(io.now()));
      io.stderr.write(`weather: no API keys existed, so one was created: ${created.key}\n`);
    }
    const log = (line: string): void => io.stderr.write(`${line}\n`);
    let server;
    try {
      server = await startServer({
        host,
        port,
        log,
        deps: {
          ...embedded,
          keys: watchKeyFile(file, {
            onError: (error) => log(`weather: ${error.message}; keeping the keys read before`),
          }),
          limiter: rateLimit > 0 ? createRateLimiter(rateLimit) : undefined,
          now: frozen === undefined ? () => io.now() : () => frozen,
        },
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UsageError(
        `cannot listen on ${host}:${port} (${code})`,
        'choose another --port, or --port 0 for a free one',
      );
    }
    io.stdout.write(`${server.baseUrl}\n`);
    if (!LOOPBACK.has(host)) log(`weather: listening on ${host}: reachable from other machines`);
    const signal = await stopped;
    log(`weather: ${signal} received; finishing requests in flight`);
    await server.close();
    return 0;
  });
}
