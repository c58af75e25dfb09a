import { configDir } from '../../config/paths.js';
import { ConfigStore } from '../../config/store.js';
import { createEmbeddedTransport } from '../../client/embedded.js';
import { interpret } from '../../client/interpret.js';
import type { Transport } from '../../client/query.js';
import { UsageError } from '../../core/errors.js';
import { decideColorLevel, makeChalk } from '../../render/colour.js';
import { renderSummary } from '../../render/summary.js';
import { renderTable } from '../../render/table.js';
import { renderTemplate } from '../../render/template.js';
import type { IO } from '../io.js';
import type { Platform } from '../main.js';
import { planCurrent, type CurrentFlags, type Plan } from '../plan.js';
import { COMMANDS } from '../spec.js';

const COMMAND_NAMES = [...COMMANDS.flatMap((c) => (c.path.length === 1 ? c.path : [])), 'help'];

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(
        Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

async function transportFor(plan: Plan, io: IO, platform: Platform): Promise<Transport> {
  if (plan.source.kind === 'embedded') {
    const frozen = plan.source.now;
    return createEmbeddedTransport({
      now: frozen === undefined ? () => io.now() : () => frozen,
      ...(platform.readData ? { readData: platform.readData } : {}),
    });
  }
  // undici is loaded only here, for live calls; help, config, offline and completion never pay for it.
  const { createLiveTransport } = await import('../../client/live.js');
  return createLiveTransport({
    baseUrl: plan.source.baseUrl,
    timeoutMs: plan.timeoutMs,
    env: io.env,
  });
}

/** `weather [options]`: fetch the current observation and print it. */
export async function currentCommand(
  args: readonly string[],
  options: Readonly<Record<string, unknown>>,
  io: IO,
  platform: Platform,
): Promise<number> {
  if (args.length > 0) {
    const word = args[0] ?? '';
    const near = COMMAND_NAMES.find((name) => editDistance(name, word) <= 2);
    throw new UsageError(
      `unknown command "${word}"`,
      near ? `did you mean ${near}?` : 'see: weather --help',
    );
  }
  const flags = options as CurrentFlags & { color?: boolean };
  const stored = new ConfigStore(configDir(io.env)).read();
  const plan = planCurrent(flags, io.env, stored, io.stdoutIsTTY);
  if (plan.notice) io.stderr.write(`weather: ${plan.notice}\n`);
  const transport = await transportFor(plan, io, platform);
  try {
    const response = await transport.get(plan.query);
    const decoded = interpret(response, plan.query, transport.target);
    if (plan.printing.kind === 'raw' || decoded === null) {
      io.stdout.write(response.body);
      return 0;
    }
    const now =
      plan.source.kind === 'embedded' && plan.source.now !== undefined ? plan.source.now : io.now();
    if (plan.printing.kind === 'template') {
      io.stdout.write(`${renderTemplate(plan.printing.template, decoded, now)}\n`);
      return 0;
    }
    const level = decideColorLevel(flags.color, io.env, io.stdoutIsTTY);
    const ctx = { chalk: makeChalk(level), tty: io.stdoutIsTTY, columns: io.columns, now };
    io.stdout.write(
      plan.printing.kind === 'table' ? renderTable(decoded, ctx) : renderSummary(decoded, ctx),
    );
    return 0;
  } finally {
    await transport.close?.();
  }
}
