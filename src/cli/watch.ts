import { setTimeout as delay } from 'node:timers/promises';
import { formatDuration } from '../core/duration.js';
import { UsageError, WeatherError } from '../core/errors.js';
import { formatAge } from '../core/localtime.js';
import { redactSecrets } from '../core/mask.js';
import { SIMULATED_SOURCE, SOURCE_HEADER } from '../core/observation.js';
import { settingDefault } from '../config/settings.js';
import type { Answer } from './ask.js';
import type { IO } from './io.js';
import type { Plan } from './plan.js';
import { report } from './report.js';

/**
 * `weather --watch <interval>`: the observation again and again. On a terminal each frame
 * replaces the last on the alternate screen, as watch(1) and btop draw, with the cursor hidden
 * until Ctrl-C; piped, each frame is printed after the last (one line each for json, templates and
 * the bars, which bars that read a stream want; a blank line between tables or summaries).
 */

/** The live service updates an observation about every 10 minutes: asking more often is waste. */
export const LIVE_WATCH_MIN_SECONDS = 600;

/** Alternate screen and hidden cursor; their undoing; and the clearing of a frame. */
export const ENTER_SCREEN = '\x1b[?1049h\x1b[?25l';
export const LEAVE_SCREEN = '\x1b[?25h\x1b[?1049l';
export const CLEAR = '\x1b[H\x1b[2J';

export interface Watched {
  readonly seconds: number;
  readonly plan: Plan;
  /** The frame's instant, ms since the epoch (frozen by --now for the embedded model). */
  now(): number;
  /** One call, through the cache and the memory of failures for live calls. */
  obtain(now: number): Promise<Answer | undefined>;
  /** The answer as the chosen output prints it (`-o raw`: the bytes as they came). */
  print(answer: Answer, now: number): Promise<string | Uint8Array>;
  /** What the output prints when there is no observation (status bars); absent: nothing. */
  failed?(reason: string, now: number): Promise<string>;
}

const MINIMUM = formatDuration(LIVE_WATCH_MIN_SECONDS);

function tooShort(seconds: number, why: string): UsageError {
  return new UsageError(
    `--watch ${formatDuration(seconds)} is too short for ${why}`,
    `the live service updates an observation about every 10 minutes: watch every ${MINIMUM} or more, or watch the embedded implementation (--offline, weather serve)`,
  );
}

/**
 * Intervals under 10 minutes are for the embedded implementation only. In process (--offline)
 * that is known at once, and the live service's own URL is refused at once; any other base URL
 * must prove to be `weather serve` by its first answer, which carries x-weather-source: simulated
 * (kept in the cache too), before a second request is made.
 */
function needsProof(w: Watched): boolean {
  const { source } = w.plan;
  if (source.kind === 'embedded' || w.seconds >= LIVE_WATCH_MIN_SECONDS) return false;
  const live = new URL(settingDefault('base_url')).hostname;
  if (new URL(source.baseUrl).hostname === live) throw tooShort(w.seconds, 'the live service');
  return true;
}

function baseUrlOf(plan: Plan): string {
  return plan.source.kind === 'live' ? plan.source.baseUrl : 'the embedded implementation';
}

function simulated(answer: Answer): boolean {
  return (
    answer.response.headers[SOURCE_HEADER] === SIMULATED_SOURCE ||
    answer.decoded?.simulated === true
  );
}

function reason(error: WeatherError): string {
  return redactSecrets(error.hint ? `${error.message} (${error.hint})` : error.message);
}

function endsLine(printed: string | Uint8Array): boolean {
  return typeof printed === 'string' ? printed.endsWith('\n') : printed.at(-1) === 0x0a;
}

/** A frame ends its last line, whatever the output (a raw JSON body has no newline). */
function withNewline(printed: string | Uint8Array): string {
  const text = typeof printed === 'string' ? printed : Buffer.from(printed).toString('utf8');
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

export async function watch(w: Watched, io: IO): Promise<number> {
  let proving = needsProof(w);
  // Ctrl-C (or SIGTERM) ends a wait at once, and the loop before its next frame.
  const stopping = new AbortController();
  // So does a reader that went away (`| head -3`): nobody is left to print for.
  const stopped = () => stopping.signal.aborted || io.stdoutClosed?.() === true;
  void io.untilSignal().then(() => stopping.abort());
  const wait =
    io.sleep ??
    ((ms: number) => delay(ms, undefined, { signal: stopping.signal }).catch(() => undefined));
  const multiline = w.plan.printing.kind === 'table' || w.plan.printing.kind === 'summary';
  let last: Answer | undefined;
  let frames = 0;
  let entered = false;
  try {
    while (!stopped()) {
      const now = w.now();
      let failure: WeatherError | undefined;
      try {
        const answer = await w.obtain(now);
        if (answer && proving && !simulated(answer)) {
          throw tooShort(
            w.seconds,
            `${baseUrlOf(w.plan)}: its answers are not the embedded implementation's (no ${SOURCE_HEADER}: ${SIMULATED_SOURCE})`,
          );
        }
        proving = false;
        if (answer) last = answer;
      } catch (error) {
        // Before the first answer there is nothing to keep on screen, and nothing proven.
        if (!(error instanceof WeatherError) || error instanceof UsageError || proving) throw error;
        failure = error;
      }
      if (stopped()) break;
      if (io.stdoutIsTTY) {
        if (!entered) io.stdout.write(ENTER_SCREEN);
        entered = true;
        io.stdout.write(await frame(w, last, failure, now));
      } else {
        if (frames > 0 && multiline) io.stdout.write('\n');
        if (failure) {
          report(failure, io.stderr, false);
          if (w.failed) io.stdout.write(await w.failed(reason(failure), now));
        } else if (last) {
          const printed = await w.print(last, now);
          io.stdout.write(printed);
          if (!endsLine(printed)) io.stdout.write('\n');
        }
      }
      frames++;
      await wait(w.seconds * 1000);
    }
  } finally {
    if (entered) io.stdout.write(LEAVE_SCREEN);
  }
  return 0;
}

/**
 * A frame on the terminal: a line of what is watched and how old the observation is, then the
 * output; after a failed call, the last good observation stays, with the failure under it.
 */
async function frame(
  w: Watched,
  last: Answer | undefined,
  failure: WeatherError | undefined,
  now: number,
): Promise<string> {
  const observed = last?.decoded?.observation.dt;
  const header = [
    `Every ${formatDuration(w.seconds)}`,
    ...(observed === undefined ? [] : [`observed ${formatAge(now / 1000 - observed)} ago`]),
    'Ctrl-C quits',
  ].join('; ');
  const body = last ? withNewline(await w.print(last, now)) : '';
  const problem = failure
    ? `weather: ${reason(failure)}${last ? '; showing the last good observation' : ''}\n`
    : '';
  return `${CLEAR}${header}\n\n${body}${problem}`;
}
