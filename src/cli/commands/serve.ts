import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UsageError } from '../../core/errors.js';
import { describeSystemError, errorCode } from '../../core/files.js';
import type { Scenario } from '../../server/scenario/parse.js';
import type { Platform } from '../../core/env.js';
import { consoleTokenPath, keyFilePath } from '../../config/paths.js';
import { API_BASE_PATH, CONSOLE_PATH } from '../../core/protocol.js';
import { loadEmbedded } from '../embedded.js';
import type { IO } from '../io.js';
import { bind, type Invoke } from '../program.js';
import { SERVE } from '../spec.js';

/** A scenario file, read and checked before listening; a bad one is a usage error naming it. */
async function readScenario(path: string): Promise<Scenario> {
  const { parseScenario } = await import('../../server/scenario/parse.js');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = errorCode(error) === 'ENOENT' ? 'no such file' : describeSystemError(error);
    throw new UsageError(`--scenario: cannot read ${path}: ${reason}`);
  }
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    throw new UsageError(
      `--scenario ${path}: ${parsed.path} ${parsed.problem}`,
      'the format is described by schema/scenario.schema.json',
    );
  }
  return parsed.scenario;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * `weather serve`: the embedded implementation over HTTP. The first stdout line is the base URL;
 * everything else (created key, access log, shutdown) goes to stderr.
 */
export function serveCommand(io: IO, platform: Platform): Invoke {
  return bind(SERVE, async (_args, flags) => {
    const { host, port, rateLimit, maxConnections, now: frozen } = flags;
    // Listen for SIGINT/SIGTERM before anything else: a script may stop the server the moment it
    // has read the URL line, and the default action would kill it mid-request.
    const stopped = io.untilSignal();
    const [
      { KeyFile, watchKeyFile },
      { createRateLimiter },
      { startServer },
      { createBufferedLog },
      { createFaultInjector },
      { modelClock },
      { scenarioWorld },
      { createConsole },
      { ConsoleToken },
      embedded,
    ] = await Promise.all([
      import('../../keys/store.js'),
      import('../../server/ratelimit.js'),
      import('../../server/http.js'),
      import('../../server/buffered-log.js'),
      import('../../server/faults/inject.js'),
      import('../../server/clock.js'),
      import('../../server/scenario/apply.js'),
      import('../../server/console/console.js'),
      import('../../keys/console-token.js'),
      loadEmbedded(platform, { allPlaces: true }),
    ]);
    const scenario = flags.scenario === undefined ? undefined : await readScenario(flags.scenario);
    const world = scenario ? scenarioWorld(embedded.world, scenario) : embedded.world;
    const file = new KeyFile(keyFilePath(io.env));
    // Read before listening (a broken key file stops it first) and write only once listening: a
    // busy port must not leave a key behind.
    const noKeys = file.read().length === 0;
    const token = new ConsoleToken(consoleTokenPath(io.env));
    const rules = flags.faults ?? [];
    const allowHeader = flags.allowTestHeaders === true;
    const seed = flags.seed ?? randomInt(2 ** 32);
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
        console: createConsole({ keys: file, token, now: () => io.now() }),
        faults:
          rules.length > 0 || allowHeader
            ? createFaultInjector({ rules, seed, allowHeader })
            : undefined,
        deps: {
          ...embedded,
          world,
          keys: watchKeyFile(file, {
            onError: (error) => log(`weather: ${error.message}; keeping the keys read before`),
          }),
          limiter: rateLimit > 0 ? createRateLimiter(rateLimit) : undefined,
          now: modelClock({ wall: () => io.now(), start: frozen, speed: flags.clockSpeed }),
          allowTestHeaders: allowHeader,
        },
      });
      try {
        if (noKeys) {
          const created = file.create('default', new Date(io.now()));
          log(`weather: no API keys existed, so one was created: ${created.key}`);
        }
        const issued = token.issue(new Date(io.now()));
        const origin = server.baseUrl.slice(0, -API_BASE_PATH.length);
        log(`weather: account console at ${origin}${CONSOLE_PATH}; sign-in token: ${issued}`);
      } catch (error) {
        await server.close();
        throw error;
      }
      if (rules.some((rule) => rule.trigger.on === 'probability') && flags.seed === undefined) {
        log(`weather: faults are chosen with seed ${seed}; --seed ${seed} repeats them`);
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
