import type { Platform } from '../../core/env.js';
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
  return bind(SERVE, async (_args, { host, port, rateLimit, maxConnections, now: frozen }) => {
    // Listen for SIGINT/SIGTERM before anything else: a script may stop the server the moment it
    // has read the URL line, and the default action would kill it mid-request.
    const stopped = io.untilSignal();
    const [
      { KeyFile, watchKeyFile },
      { createRateLimiter },
      { startServer },
      { createBufferedLog },
      embedded,
    ] = await Promise.all([
      import('../../keys/store.js'),
      import('../../server/ratelimit.js'),
      import('../../server/http.js'),
      import('../../server/buffered-log.js'),
      loadEmbedded(platform),
    ]);
    const file = new KeyFile(keyFilePath(io.env));
    // Read before listening (a broken key file stops it first) and write only once listening: a
    // busy port must not leave a key behind.
    const noKeys = file.read().length === 0;
    // Every line goes through one queue, written in batches (src/server/buffered-log.ts), so
    // lines keep their order and all are out before the command returns.
    const stderr = createBufferedLog(
      io.writeStderr ??
        ((chunk) => {
          io.stderr.write(chunk);
          return Promise.resolve();
        }),
    );
    const log = (line: string): void => stderr.line(line);
    try {
      const server = await startServer({
        host,
        port,
        log,
        maxConnections,
        deps: {
          ...embedded,
          keys: watchKeyFile(file, {
            onError: (error) => log(`weather: ${error.message}; keeping the keys read before`),
          }),
          limiter: rateLimit > 0 ? createRateLimiter(rateLimit) : undefined,
          now: frozen === undefined ? () => io.now() : () => frozen,
        },
      });
      if (noKeys) {
        try {
          const created = file.create('default', new Date(io.now()));
          log(`weather: no API keys existed, so one was created: ${created.key}`);
        } catch (error) {
          await server.close();
          throw error;
        }
      }
      if (!LOOPBACK.has(host)) log(`weather: listening on ${host}: reachable from other machines`);
      // What comes before the URL line is on stderr by the time a script reads that line.
      await stderr.flush();
      io.stdout.write(`${server.baseUrl}\n`);
      const signal = await stopped;
      log(`weather: ${signal} received; finishing requests in flight`);
      await server.close();
    } finally {
      await stderr.flush();
    }
    return 0;
  });
}
