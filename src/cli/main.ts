import type { Command } from 'commander';
import type { Platform } from '../core/env.js';
import { EXIT, UsageError } from '../core/errors.js';
import { quoted } from '../core/quote.js';
import { report } from './report.js';
import { buildProgram, suggestCommand, type Invoke } from './program.js';
import type { IO } from './io.js';
import { COMMANDS } from './spec.js';

export { processIO, type IO } from './io.js';
export { buildProgram, VERSION } from './program.js';
export { startsItself } from './self.js';
export type { Platform } from '../core/env.js';

/**
 * The subcommands of a group (`config set`, `config get`, ...), each loading the group's module
 * only when it runs: `--version`, `--help` and the other commands never pay for it.
 */
function lazyGroup(
  group: string,
  load: () => Promise<Readonly<Record<string, Invoke>>>,
): Record<string, Invoke> {
  const names = COMMANDS.filter((c) => c.path.length === 2 && c.path[0] === group);
  return Object.fromEntries(
    names.map((c): [string, Invoke] => {
      const name = c.path.join(' ');
      return [
        name,
        async (command) => {
          const invoke = (await load())[name];
          if (!invoke) throw new Error(`no action for "${name}"`);
          return invoke(command);
        },
      ];
    }),
  );
}

/**
 * `weather help <words>` for words that name no command: the first word that does not, or
 * undefined. Commander would print the whole help on stderr instead of saying so.
 */
function unknownHelpTopic(program: Command, argv: readonly string[]): string | undefined {
  if (argv[0] !== 'help') return undefined;
  let command = program;
  for (const word of argv.slice(1)) {
    if (word.startsWith('-')) return undefined;
    const sub = command.commands.find((c) => c.name() === word);
    if (!sub) return word;
    command = sub;
  }
  return undefined;
}

/** Words that could be a place's name ("London", "New York", "St. John's, CA"), not a typo. */
const PLACE_LIKE = /^\p{L}[\p{L}\p{M} ,.'-]{0,99}$/u;

/**
 * Words after the top-level options that are not a command: commander's suggestion, if any; else,
 * for words that read as a place's name (`weather London`), how to ask for it by name.
 */
function unknownCommand(command: Command, word: string, place?: string): UsageError {
  const near = suggestCommand(command, word);
  const hint = near
    ? `did you mean ${near}?`
    : place !== undefined && PLACE_LIKE.test(place)
      ? `for a place by name: weather --place "${place}"`
      : 'see: weather --help';
  return new UsageError(`unknown command ${quoted(word)}`, hint);
}

/** Runs `weather` with `argv` (without node and script) and returns the exit code. */
export async function main(
  argv: readonly string[],
  io: IO,
  platform: Platform = {},
): Promise<number> {
  const verbose = argv.includes('--verbose') || io.env.WEATHER_DEBUG === '1';
  let exitCode: number = EXIT.ok;
  try {
    const actions: Record<string, Invoke> = {
      '': async (command) => {
        if (command.args.length > 0) {
          throw unknownCommand(command, command.args[0] ?? '', command.args.join(' '));
        }
        return (await import('./commands/current.js')).currentCommand(io, platform)(command);
      },
      ...lazyGroup('config', async () => (await import('./commands/config.js')).configCommands(io)),
      ...lazyGroup('keys', async () => (await import('./commands/keys.js')).keysCommands(io)),
      ...lazyGroup('places', async () =>
        (await import('./commands/places.js')).placesCommands(io, platform),
      ),
      doctor: async (command) => (await import('./commands/doctor.js')).doctorCommand(io)(command),
      batch: async (command) =>
        (await import('./commands/batch.js')).batchCommand(io, platform)(command),
      serve: async (command) =>
        (await import('./commands/serve.js')).serveCommand(io, platform)(command),
      completion: async (command) =>
        (await import('./commands/completion.js')).completionCommand(io)(command),
    };
    const program = buildProgram(io, actions, async (action) => {
      exitCode = await action();
    });
    const topic = unknownHelpTopic(program, argv);
    if (topic !== undefined) throw unknownCommand(program, topic);
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    exitCode = report(error, io.stderr, verbose);
  }
  // Output that could not be written fails an otherwise successful run; a failed run keeps its
  // own code and message.
  try {
    await io.settle?.();
  } catch (error) {
    if (exitCode === EXIT.ok) exitCode = report(error, io.stderr, verbose);
  }
  return exitCode;
}
