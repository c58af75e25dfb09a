import type { Argument, Command, Help, Option } from 'commander';
import { COMMANDS, DYNAMIC_VALUES, ROOT } from '../spec.js';
import type { CommandSpec, DynamicValues } from '../spec-types.js';

/**
 * A plain snapshot of a commander program: what the three shell renderers and the man page need,
 * and nothing that depends on commander's internals. Visibility follows `--help` (Help's
 * visibleCommands/visibleOptions), so the implicit `help` command and `-h, --help` are included.
 */
export interface OptionModel {
  readonly short: string | undefined;
  readonly long: string | undefined;
  readonly description: string;
  /** The value's name from the flags (`<units>` → units); undefined for flags without a value. */
  readonly valueName: string | undefined;
  /** True when the value may be left out (`[value]`). */
  readonly valueOptional: boolean;
  readonly choices: readonly string[];
  readonly defaultText: string | undefined;
  /** Long flags this one cannot be combined with (`--color` and `--no-color`). */
  readonly conflicts: readonly string[];
  /** The words after the program's name of a command whose output lines are the values. */
  readonly dynamic: readonly string[] | undefined;
}

export interface ArgumentModel {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
  readonly variadic: boolean;
  readonly choices: readonly string[];
  readonly dynamic: readonly string[] | undefined;
}

export interface CommandModel {
  /** Names from the root, the root's own name first: ['weather', 'config', 'set']. */
  readonly path: readonly string[];
  readonly name: string;
  readonly description: string;
  readonly options: readonly OptionModel[];
  readonly arguments: readonly ArgumentModel[];
  readonly commands: readonly CommandModel[];
}

/** The spec entry of a command, by its path below the root. */
function specOf(path: readonly string[]): CommandSpec | undefined {
  return [ROOT, ...COMMANDS].find((s) => s.path.join(' ') === path.slice(1).join(' '));
}

function dynamicOf(complete: DynamicValues | undefined): readonly string[] | undefined {
  return complete === undefined ? undefined : DYNAMIC_VALUES[complete];
}

function optionModel(
  option: Option,
  siblings: readonly Option[],
  spec: CommandSpec | undefined,
): OptionModel {
  const takesValue = option.required || option.optional;
  const valueName = takesValue ? /[<[]([^>\]]+)[>\]]/.exec(option.flags)?.[1] : undefined;
  // commander pairs --no-x with --x through attributeName; either side conflicts with the other
  const conflicts = siblings
    .filter((o) => o !== option && o.negate !== option.negate)
    .filter((o) => o.attributeName() === option.attributeName() && o.long)
    .map((o) => o.long ?? '');
  return {
    short: option.short,
    long: option.long,
    description: option.description,
    valueName: takesValue ? (valueName ?? 'value') : undefined,
    valueOptional: option.optional,
    choices: option.argChoices ?? [],
    defaultText: option.defaultValueDescription,
    conflicts,
    dynamic: dynamicOf(spec?.options?.find((o) => o.flags === option.flags)?.complete),
  };
}

function argumentModel(
  argument: Argument,
  choices: readonly string[] | undefined,
  spec: CommandSpec | undefined,
): ArgumentModel {
  const name = argument.name();
  return {
    name: argument.name(),
    description: argument.description,
    required: argument.required,
    variadic: argument.variadic,
    choices: choices ?? argument.argChoices ?? [],
    dynamic: dynamicOf(spec?.arguments?.find((a) => a.name.slice(1, -1) === name)?.complete),
  };
}

function commandModel(command: Command, help: Help, path: readonly string[]): CommandModel {
  const subcommands = help.visibleCommands(command);
  const options = help.visibleOptions(command);
  const siblingNames = subcommands.map((c) => c.name()).filter((name) => name !== 'help');
  const spec = specOf(path);
  return {
    path,
    name: command.name(),
    description: command.description(),
    options: options.map((o) => optionModel(o, options, spec)),
    // registeredArguments, not visibleArguments: help hides arguments when none has a description
    arguments: command.registeredArguments.map((a) => argumentModel(a, undefined, spec)),
    commands: subcommands.map((sub) => {
      const model = commandModel(sub, help, [...path, sub.name()]);
      // The implicit help command is not in `command.commands`; its argument names a sibling.
      if (command.commands.includes(sub)) return model;
      const [first, ...rest] = model.arguments;
      if (!first) return model;
      const description = first.description || 'the command to show help for';
      return { ...model, arguments: [{ ...first, description, choices: siblingNames }, ...rest] };
    }),
  };
}

export function programModel(program: Command): CommandModel {
  return commandModel(program, program.createHelp(), [program.name()]);
}

/** Every command, depth first, the root first. */
export function allCommands(root: CommandModel): CommandModel[] {
  return [root, ...root.commands.flatMap(allCommands)];
}

/** Options whose value is required, so the next word on the line is that value. */
export function valuedOptions(command: CommandModel): OptionModel[] {
  return command.options.filter((o) => o.valueName !== undefined && !o.valueOptional);
}

/** The shell command line that prints a dynamic list's values, errors discarded. */
export function dynamicCommand(root: string, words: readonly string[]): string {
  for (const word of words) {
    if (!isPlainWord(word))
      throw new Error(`cannot run "${word}" in a completion: plain words only`);
  }
  return `${root} ${words.join(' ')} 2>/dev/null`;
}

/** A word every shell takes as it is, with no quoting or escaping. */
export function isPlainWord(text: string): boolean {
  return /^[\w.,:@%+/=-]+$/.test(text);
}

/** The flags of an option as written on a command line: ['-u', '--units']. */
export function flagsOf(option: OptionModel): string[] {
  return [option.short, option.long].filter((f): f is string => f !== undefined);
}
