import { Argument, Command, CommanderError, Option, type Help } from 'commander';
import { defaultText, SETTINGS } from '../config/settings.js';
import { EXIT_CODE_TABLE, UsageError } from '../core/errors.js';
import { quoted } from '../core/quote.js';
import { alignColumns } from '../render/columns.js';
import { COMMANDS, ENVIRONMENT, ROOT } from './spec.js';
import type { ArgsOf, CommandSpec, FlagsOf, OptionSpec } from './spec-types.js';

declare const __WEATHER_VERSION__: string;
export const VERSION = typeof __WEATHER_VERSION__ === 'string' ? __WEATHER_VERSION__ : '0.0.0-dev';

/** What a command does with the command line commander parsed: it returns the exit code. */
export type Invoke = (command: Command) => Promise<number>;

/**
 * A command's action, typed by its entry in the spec table: its arguments and flags arrive
 * parsed, with the types their parsers give, and defaults applied.
 */
export function bind<S extends CommandSpec>(
  spec: S,
  action: (args: ArgsOf<S>, flags: FlagsOf<S>) => Promise<number>,
): Invoke {
  return (command) => {
    refuseStrays(spec, command);
    const args: readonly unknown[] = command.processedArgs;
    if (!hasArgumentsOf(spec, args)) {
      throw new Error(`${spec.path.join(' ')} received ${args.length} arguments`);
    }
    return action(args, command.opts<FlagsOf<S>>());
  };
}

/** Options `weather` itself handles wherever they are given. */
const EVERYWHERE = new Set(['verbose']);

/**
 * Words commander would let through silently: arguments past the command's own
 * (`config set units metric imperial`), and options of `weather` itself given before a command
 * that does not take them (`weather --lat 1 config path`).
 */
function refuseStrays(spec: CommandSpec, command: Command): void {
  if (spec.path.length === 0) return;
  const path = spec.path.join(' ');
  const name = `weather ${path}`;
  const extra = command.args.slice(spec.arguments?.length ?? 0);
  if (extra[0] !== undefined) {
    throw new UsageError(
      `${path} takes ${spec.arguments?.length ?? 'no'} argument${spec.arguments?.length === 1 ? '' : 's'}, and ${quoted(extra[0])} is one too many`,
      `usage: ${name}${(spec.arguments ?? []).map((a) => ` ${a.name}`).join('')}`,
    );
  }
  let root = command;
  while (root.parent) root = root.parent;
  // --color and --no-color share a value; the one given is the one that set it.
  const stray = root.options.find(
    (o) =>
      !EVERYWHERE.has(o.attributeName()) &&
      root.getOptionValueSource(o.attributeName()) === 'cli' &&
      o.negate === (root.getOptionValue(o.attributeName()) === false),
  );
  if (stray) {
    throw new UsageError(
      `${stray.long ?? stray.flags} is an option of weather itself, not of ${path}`,
      `leave it out, or see: ${name} --help`,
    );
  }
}

/** Commander made each argument with its parser from the table; only their number can differ. */
function hasArgumentsOf<S extends CommandSpec>(
  spec: S,
  args: readonly unknown[],
): args is ArgsOf<S> {
  return args.length === (spec.arguments?.length ?? 0);
}

export interface ProgramIO {
  readonly stdout: { write(text: string): void };
  readonly stderr: { write(text: string): void };
  readonly columns: number;
}

function table(rows: readonly (readonly [string | number, string])[]): string {
  return alignColumns(
    rows.map(([key, text]) => [String(key), text]),
    '  ',
  );
}

function examples(spec: CommandSpec): string {
  return spec.examples?.length
    ? `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`
    : '';
}

/** "config units, else metric", "WEATHER_APPID, else config appid", "8080": what help shows. */
export function defaultHelp(spec: OptionSpec): string | undefined {
  let text = spec.defaultText;
  if (spec.default !== undefined) text = String(spec.default);
  if (spec.setting !== undefined) {
    const setting = SETTINGS[spec.setting];
    const builtIn = defaultText(spec.setting);
    text = [setting.env, `config ${spec.setting}`, builtIn].filter(Boolean).join(', else ');
  }
  return text !== undefined && spec.defaultNote !== undefined
    ? `${text}; ${spec.defaultNote}`
    : text;
}

function optionDescription(option: Option): string {
  const extra: string[] = [];
  if (option.argChoices) extra.push(`choices: ${option.argChoices.join(', ')}`);
  if (option.defaultValueDescription) extra.push(`default: ${option.defaultValueDescription}`);
  return [option.description, ...extra.map((e) => `(${e})`)].join(' ');
}

function configure(
  command: Command,
  spec: CommandSpec,
  run: (action: () => Promise<number>) => Promise<void>,
  invoke: Invoke | undefined,
): void {
  command.description(spec.summary);
  for (const a of spec.arguments ?? []) {
    const argument = new Argument(a.name, a.description);
    if (a.choices) argument.choices(a.choices);
    if (a.parse) argument.argParser(a.parse);
    command.addArgument(argument);
  }
  for (const o of spec.options ?? []) {
    const option = new Option(o.flags, o.description);
    if (o.choices) option.choices(o.choices);
    if (o.parse) option.argParser(o.parse);
    if (o.default !== undefined) option.default(o.default);
    const help = defaultHelp(o);
    if (help !== undefined) option.defaultValueDescription = help;
    command.addOption(option);
  }
  if (spec.allowOptionLikeArguments) command.allowUnknownOption();
  const text = examples(spec);
  if (text) command.addHelpText('after', text);
  if (invoke) {
    command.action(async function (this: Command) {
      await run(() => invoke(this));
    });
  }
}

/**
 * The commander program for `weather`, built from the spec table. `actions` maps a command path
 * ('' for the top level, 'config set', ...) to what it does; `run` receives each action so the
 * caller collects its exit code. Commander never exits the process: it throws CommanderError.
 */
export function buildProgram(
  io: ProgramIO,
  actions: Readonly<Record<string, Invoke>> = {},
  run: (action: () => Promise<number>) => Promise<void> = async (action) => {
    await action();
  },
): Command {
  const program = new Command('weather')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .enablePositionalOptions()
    .allowExcessArguments(true)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: () => undefined,
      getOutHelpWidth: () => io.columns,
      getErrHelpWidth: () => io.columns,
    })
    .configureHelp({
      optionDescription: (option: Option) => optionDescription(option),
      showGlobalOptions: false,
    } satisfies Partial<Help>);
  configure(program, ROOT, run, actions['']);
  program.addHelpText(
    'after',
    `\nExit codes:\n${table(EXIT_CODE_TABLE)}\n\nEnvironment:\n${table(ENVIRONMENT)}\n`,
  );
  for (const spec of COMMANDS) {
    const parent = spec.path.slice(0, -1).reduce<Command>((command, name) => {
      const found = command.commands.find((c) => c.name() === name);
      if (!found) throw new Error(`command ${spec.path.join(' ')} is declared before its parent`);
      return found;
    }, program);
    const command = parent.command(spec.path.at(-1) ?? '');
    configure(command, spec, run, actions[spec.path.join(' ')]);
  }
  return program;
}

/**
 * Commander's suggestion for a word that is not a command of `program` ("did you mean config?"),
 * from a program that has those commands and nothing else, so commander's own matching decides.
 */
export function suggestCommand(program: Command, word: string): string | undefined {
  const probe = new Command()
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  for (const command of program.commands) probe.command(command.name());
  probe.command('help');
  try {
    probe.parse([word], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return /\(Did you mean (.+)\?\)/.exec(error.message)?.[1];
    }
    throw error;
  }
  return undefined;
}
