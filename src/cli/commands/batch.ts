import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Transport } from '../../client/query.js';
import { configDir } from '../../config/paths.js';
import { isPlaceName, readSavedPlaces } from '../../config/places.js';
import { readSettings } from '../../config/read.js';
import { parseLocation } from '../../config/settings.js';
import type { Platform } from '../../core/env.js';
import { ConfigError, UpstreamError, UsageError, WeatherError } from '../../core/errors.js';
import { describeSystemError, errorCode } from '../../core/files.js';
import { currentJson } from '../../render/json.js';
import { answerLive, answerSimulated } from '../answer.js';
import type { IO } from '../io.js';
import { resolvePlace } from '../place-names.js';
import { planCurrent, type Located } from '../plan.js';
import { bind, type Invoke } from '../program.js';
import { RequestBudget, shared as sharedTransport } from '../request-budget.js';
import { BATCH } from '../spec.js';
import { transportFor } from './current.js';

/** A line meant as coordinates: numbers on both sides of the comma. */
const COORDINATES = /^[-+\d.eE]+\s*,\s*[-+\d.eE]+$/;

/** Records written between waits for stdout to take them: memory stays flat on a slow reader. */
const SETTLE_EVERY = 256;

function lines(file: string | undefined, io: IO): AsyncIterable<string> {
  const input =
    file === undefined || file === '-' ? io.stdin : createReadStream(file, { encoding: 'utf8' });
  if (input === undefined)
    throw new UsageError(
      'batch reads standard input, and there is none',
      'give a file: weather batch places.txt',
    );
  return createInterface({ input, crlfDelay: Infinity });
}

function readFailure(file: string | undefined, error: unknown): WeatherError {
  const what = file === undefined || file === '-' ? 'standard input' : file;
  if (errorCode(error) === 'ENOENT') return new UsageError(`${what}: no such file`);
  return new ConfigError(`cannot read ${what}: ${describeSystemError(error)}`, undefined, {
    cause: error,
  });
}

/**
 * `weather batch [file]`: one NDJSON record per input line, in input order, each with the line's
 * number and text and either `weather` (the `-o json` shape) or `error`. A line that fails never
 * stops the run; the exit code is the first failed line's, 0 when every line succeeded.
 */
export function batchCommand(io: IO, platform: Platform): Invoke {
  return bind(BATCH, async ([file], flags) => {
    if (flags.mode === 'html')
      throw new UsageError('batch decodes every answer: --mode json or xml');
    const dir = configDir(io.env);
    const stored = readSettings(dir);
    const saved = readSavedPlaces(dir);
    // Every line shares the plan's source, key, units and cache: check them once, up front.
    // --first applies to each line's name here, not to a --place of the command line.
    const { first, ...planFlags } = flags;
    const shared = planCurrent(planFlags, io.env, stored, false, [0, 0]);
    if (shared.notice) io.stderr.write(`weather: ${shared.notice}\n`);
    // One transport for every line (undici keeps its connections), closed once all are done.
    const budget = shared.source.kind === 'live' ? new RequestBudget(flags.rate) : undefined;
    let opened: Promise<Transport> | undefined;
    const connect = async (): Promise<Transport> =>
      sharedTransport(await (opened ??= transportFor(shared, io, platform)), budget);

    const locate = async (input: string): Promise<Located> => {
      const coordinates = parseLocation(input);
      if (coordinates) return coordinates;
      if (COORDINATES.test(input)) {
        throw new UsageError(
          `"${input}" is not lat,lon with lat from -90 to 90 and lon from -180 to 180`,
        );
      }
      const place = isPlaceName(input) ? saved.get(input) : undefined;
      if (place) return [place.lat, place.lon];
      const found = await resolvePlace(input, first === true, platform);
      return [found.lat, found.lon];
    };

    const record = async (line: number, input: string): Promise<{ text: string; code: number }> => {
      try {
        const plan = planCurrent(planFlags, io.env, stored, false, await locate(input));
        const now =
          plan.source.kind === 'embedded' && plan.source.now !== undefined
            ? plan.source.now
            : io.now();
        const answer =
          plan.source.kind === 'live'
            ? await answerLive(plan, io, platform, connect)
            : await answerSimulated(connect, plan.query, now);
        if (!answer?.decoded) throw new UpstreamError('the answer holds no observation');
        const { lat, lon, units, lang, mode } = plan.query;
        const weather = currentJson(
          answer.decoded,
          { lat, lon, units, lang, mode },
          now,
          plan.shown,
        );
        return { text: JSON.stringify({ line, input, ok: true, weather }), code: 0 };
      } catch (error) {
        if (!(error instanceof WeatherError)) throw error;
        const failure = {
          message: error.message,
          ...(error.hint ? { hint: error.hint } : {}),
          exit_code: error.exitCode,
        };
        return {
          text: JSON.stringify({ line, input, ok: false, error: failure }),
          code: error.exitCode,
        };
      }
    };

    let exitCode = 0;
    let written = 0;
    const window: Promise<{ text: string; code: number }>[] = [];
    const writeOldest = async (): Promise<void> => {
      const oldest = window.shift();
      if (oldest === undefined) return;
      const { text, code } = await oldest;
      io.stdout.write(`${text}\n`);
      if (exitCode === 0) exitCode = code;
      if (++written % SETTLE_EVERY === 0) await io.settle?.();
    };
    let number = 0;
    try {
      for await (const text of lines(file, io)) {
        number++;
        const input = text.trim();
        if (input === '' || input.startsWith('#')) continue;
        window.push(record(number, input));
        if (window.length >= flags.concurrency) await writeOldest();
      }
    } catch (error) {
      if (error instanceof WeatherError) throw error;
      if (errorCode(error) === undefined) throw error;
      throw readFailure(file, error);
    } finally {
      while (window.length > 0) await writeOldest();
      await (await opened)?.close?.();
    }
    return exitCode;
  });
}
