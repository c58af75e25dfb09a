import { report } from './report.js';
import { buildProgram, type Action } from './program.js';
import type { IO } from './io.js';
import { COMMANDS } from './spec.js';

export { processIO, type IO } from './io.js';
export { buildProgram, VERSION } from './program.js';

/** What differs between the npm build and the single executable: where data files come from. */
export interface Platform {
  readonly readData?: (name: string) => Promise<Uint8Array>;
}

/**
 * The subcommands of a group (`config set`, `config get`, ...), each loading the group's module
 * only when it runs: `--version`, `--help` and the other commands never pay for it.
 */
function lazyGroup(
  group: string,
  load: () => Promise<Readonly<Record<string, Action>>>,
): Record<string, Action> {
  const names = COMMANDS.filter((c) => c.path.length === 2 && c.path[0] === group);
  return Object.fromEntries(
    names.map((c): [string, Action] => {
      const name = c.path.join(' ');
      return [
        name,
        async (args, options) => {
          const action = (await load())[name];
          if (!action) throw new Error(`no action for "${name}"`);
          return action(args, options);
        },
      ];
    }),
  );
}

/** Runs `weather` with `argv` (without node and script) and returns the exit code. */
export async function main(
  argv: readonly string[],
  io: IO,
  platform: Platform = {},
): Promise<number> {
  const verbose = argv.includes('--verbose') || io.env.WEATHER_DEBUG === '1';
  let exitCode = 0;
  try {
    const actions: Record<string, Action> = {
      '': async (args, options) =>
        (await import('./commands/current.js')).currentCommand(args, options, io, platform),
      ...lazyGroup('config', async () => (await import('./commands/config.js')).configCommands(io)),
      ...lazyGroup('keys', async () => (await import('./commands/keys.js')).keysCommands(io)),
      serve: async (_args, options) =>
        (await import('./commands/serve.js')).serveCommand(options, io, platform),
      completion: async (args) =>
        (await import('./commands/completion.js')).completionCommand(args, io),
    };
    const program = buildProgram(io, actions, async (action) => {
      exitCode = await action();
    });
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    return report(error, io.stderr, verbose);
  }
}
