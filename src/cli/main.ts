import { report } from './report.js';
import { buildProgram, type Action } from './program.js';
import type { IO } from './io.js';
import { currentCommand } from './commands/current.js';
import { configCommands } from './commands/config.js';
import { keysCommands } from './commands/keys.js';
import { serveCommand } from './commands/serve.js';
import { completionCommand } from './commands/completion.js';

export { processIO, type IO } from './io.js';
export { buildProgram, VERSION } from './program.js';

/** What differs between the npm build and the single executable: where data files come from. */
export interface Platform {
  readonly readData?: (name: string) => Promise<Uint8Array>;
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
      '': (args, options) => currentCommand(args, options, io, platform),
      ...configCommands(io),
      ...keysCommands(io),
      serve: (_args, options) => serveCommand(options, io, platform),
      completion: (args) => completionCommand(args, io),
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
