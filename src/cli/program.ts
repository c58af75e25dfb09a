import { Argument, Command, Option, type Help } from 'commander';
import { EXIT_CODE_TABLE } from '../core/errors.js';
import { COMMANDS, ENVIRONMENT, ROOT, type CommandSpec } from './spec.js';

declare const __WEATHER_VERSION__: string;
export const VERSION = typeof __WEATHER_VERSION__ === 'string' ? __WEATHER_VERSION__ : '0.0.0-dev';

export type Action = (
  args: readonly string[],
  options: Readonly<Record<string, unknown>>,
) => Promise<number>;

export interface ProgramIO {
  readonly stdout: { write(text: string): void };
  readonly stderr: { write(text: string): void };
  readonly columns: number;
}

function table(rows: readonly (readonly [string | number, string])[]): string {
  const width = Math.max(...rows.map(([key]) => String(key).length));
  return rows.map(([key, text]) => `  ${String(key).padEnd(width)}  ${text}`).join('\n');
}

function examples(spec: CommandSpec): string {
  return spec.examples?.length
    ? `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n`
    : '';
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
  action: Action | undefined,
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
    if (o.defaultText) option.defaultValueDescription = o.defaultText;
    command.addOption(option);
  }
  if (spec.allowOptionLikeArguments) command.allowUnknownOption();
  const text = examples(spec);
  if (text) command.addHelpText('after', text);
  if (action) {
    command.action(async (...received: unknown[]) => {
      const self = received.at(-1) as Command;
      await run(() => action(self.args, self.opts()));
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
  actions: Readonly<Record<string, Action>> = {},
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
