import type { Platform } from '../../core/env.js';
import { configDir } from '../../config/paths.js';
import { readSettings } from '../../config/read.js';
import { isPlaceName, readSavedPlaces } from '../../config/places.js';
import { settingDefault, type StoredSettings } from '../../config/settings.js';
import { ConfigError, UsageError, WeatherError } from '../../core/errors.js';
import type { Bar, IconSet } from '../../core/bar-kinds.js';
import { redactSecrets } from '../../core/mask.js';
import { createEmbeddedTransport } from '../../client/embedded.js';
import type { Transport } from '../../client/query.js';
import { forTerminal } from '../../render/terminal.js';
import { loadEmbedded } from '../embedded.js';
import type { IO } from '../io.js';
import { planCurrent, type CurrentFlags, type Located, type Plan } from '../plan.js';
import { answerLive, answerSimulated } from '../answer.js';
import type { Answer } from '../ask.js';
import type { PressureUnit } from '../../core/units.js';
import { bind, type Invoke } from '../program.js';
import { ROOT } from '../spec.js';

export async function transportFor(plan: Plan, io: IO, platform: Platform): Promise<Transport> {
  if (plan.source.kind === 'embedded') {
    const frozen = plan.source.now;
    const [{ handle }, parts] = await Promise.all([
      import('../../server/handler.js'),
      loadEmbedded(platform),
    ]);
    // In process every key is accepted and nothing is rate limited: this is the user's own
    // machine answering the user.
    const deps = {
      ...parts,
      keys: { status: () => 'active' as const },
      now: frozen === undefined ? () => io.now() : () => frozen,
    };
    return createEmbeddedTransport((request) => handle(request, deps));
  }
  // undici is loaded only here, for live calls; help, config, offline and completion never pay for it.
  const { createLiveTransport } = await import('../../client/live.js');
  return createLiveTransport({
    baseUrl: plan.source.baseUrl,
    timeoutMs: plan.timeoutMs,
    env: io.env,
    ...(io.sleep ? { sleep: io.sleep } : {}),
  });
}

/**
 * The coordinates a name stands for: `--place` (the names index loads only then), `--at`, or a
 * stored location that names a saved place when no coordinates are given.
 */
async function locate(
  flags: CurrentFlags,
  stored: StoredSettings,
  io: IO,
  platform: Platform,
): Promise<Located> {
  if (flags.place !== undefined && flags.at !== undefined) {
    throw new UsageError('--place and --at cannot be combined');
  }
  if (flags.place !== undefined) {
    const { resolvePlace } = await import('../place-names.js');
    const place = await resolvePlace(flags.place, flags.first === true, platform);
    return [place.lat, place.lon];
  }
  const name =
    flags.at ??
    (flags.lat === undefined && flags.lon === undefined && stored.location !== undefined
      ? stored.location
      : undefined);
  if (name === undefined || !isPlaceName(name)) return undefined;
  const saved = readSavedPlaces(configDir(io.env)).get(name);
  if (saved !== undefined) return [saved.lat, saved.lon];
  if (flags.at !== undefined) {
    throw new UsageError(`no saved place named "${name}"`, 'see: weather places list');
  }
  throw new ConfigError(
    `the stored location names the saved place "${name}", which is not saved`,
    `save it (weather places add ${name} <lat> <lon>) or store another location`,
  );
}

/**
 * A status bar shows whatever a run prints: when the call fails (and no stale answer stands in,
 * which prints as usual and exits 0), it still gets a marker with the reason in its tooltip, and
 * the failure goes on to stderr and the exit code as for any output.
 */
async function forBar<T>(
  printing: { readonly bar: Bar; readonly icons: IconSet },
  obtain: () => Promise<T>,
  io: IO,
  now: number,
): Promise<T> {
  try {
    return await obtain();
  } catch (error) {
    if (error instanceof WeatherError) {
      const { renderBarFailure } = await import('../../render/bars.js');
      const reason = error.hint ? `${error.message}\n${error.hint}` : error.message;
      io.stdout.write(
        renderBarFailure(printing.bar, redactSecrets(reason), { icons: printing.icons, now }),
      );
    }
    throw error;
  }
}

/** The answer as the plan's output prints it. */
async function printed(
  plan: Plan,
  answer: Answer,
  io: IO,
  options: { readonly color: boolean | undefined; readonly pressureUnit: PressureUnit },
  now: number,
): Promise<string | Uint8Array> {
  const { response, decoded: asDecoded } = answer;
  if (plan.printing.kind === 'raw' || asDecoded === null) {
    return io.stdoutIsTTY ? forTerminal(response.body) : response.body;
  }
  if (plan.printing.kind === 'json') {
    const { renderJson } = await import('../../render/json.js');
    const { lat, lon, units, lang, mode } = plan.query;
    return renderJson(asDecoded, { lat, lon, units, lang, mode }, now, plan.shown);
  }
  const { showIn } = await import('../../render/shown.js');
  const decoded = showIn(asDecoded, plan.shown);
  if (plan.printing.kind === 'bar') {
    const { renderBar } = await import('../../render/bars.js');
    return renderBar(plan.printing.bar, decoded, { icons: plan.printing.icons, now });
  }
  if (plan.printing.kind === 'template') {
    const { renderTemplate } = await import('../../render/template-render.js');
    return `${renderTemplate(plan.printing.template, decoded, now)}\n`;
  }
  // chalk, cli-table3 and the labels are loaded only for the outputs meant for people.
  const [{ renderContext }, render] = await Promise.all([
    import('../../render/context.js'),
    plan.printing.kind === 'table'
      ? import('../../render/table.js').then((m) => m.renderTable)
      : import('../../render/summary.js').then((m) => m.renderSummary),
  ]);
  const ctx = renderContext(io, { ...options, lang: plan.query.lang, now });
  return render(decoded, ctx);
}

/** `weather [options]`: fetch the current observation and print it. */
export function currentCommand(io: IO, platform: Platform): Invoke {
  return bind(ROOT, async (_args, flags) => {
    const stored = readSettings(configDir(io.env));
    const located = await locate(flags, stored, io, platform);
    const plan = planCurrent(flags, io.env, stored, io.stdoutIsTTY, located);
    if (plan.notice) io.stderr.write(`weather: ${plan.notice}\n`);
    const clock = () =>
      plan.source.kind === 'embedded' && plan.source.now !== undefined ? plan.source.now : io.now();
    // The transport is made only when a request is: a cached answer never loads undici.
    const connect = () => transportFor(plan, io, platform);
    const obtain = (now: number) =>
      plan.source.kind === 'live'
        ? answerLive(plan, io, platform, connect)
        : answerSimulated(connect, plan.query, now);
    const options = {
      color: flags.color,
      pressureUnit: flags.pressureUnit ?? stored.pressure_unit ?? settingDefault('pressure_unit'),
    };
    const print = (answer: Answer, now: number) => printed(plan, answer, io, options, now);
    if (flags.watch !== undefined) {
      const { watch } = await import('../watch.js');
      const { printing } = plan;
      const failed =
        printing.kind === 'bar'
          ? async (reason: string, now: number) =>
              (await import('../../render/bars.js')).renderBarFailure(printing.bar, reason, {
                icons: printing.icons,
                now,
              })
          : undefined;
      return watch(
        { seconds: flags.watch, plan, now: clock, obtain, print, ...(failed ? { failed } : {}) },
        io,
      );
    }
    const now = clock();
    const answer =
      plan.printing.kind === 'bar'
        ? await forBar(plan.printing, () => obtain(now), io, now)
        : await obtain(now);
    // The background refresh of --refresh-ahead prints nothing.
    if (!answer) return 0;
    io.stdout.write(await print(answer, now));
    return 0;
  });
}
