import {
  allCommands,
  dynamicCommand,
  flagsOf,
  isPlainWord,
  valuedOptions,
  type CommandModel,
  type OptionModel,
} from './model.js';

/** A fish word, single-quoted when needed (fish only escapes \ and ' inside single quotes). */
function quote(text: string): string {
  if (isPlainWord(text)) return text;
  return `'${text.replace(/[\\']/g, '\\$&')}'`;
}

/** A -a argument listing words; fish splits it on spaces, so each word is escaped on its own. */
function wordList(words: readonly string[]): string {
  return quote(words.map((w) => w.replace(/[^\w.,:@%+/=-]/g, '\\$&')).join(' '));
}

function condition(command: CommandModel, position?: number): string {
  const path = command.path.slice(1).join(' ');
  return quote(
    `__${command.path[0] ?? ''}_at ${quote(path)}${position === undefined ? '' : ` ${position}`}`,
  );
}

function optionLine(prefix: string, command: CommandModel, option: OptionModel): string {
  const parts = [prefix, '-n', condition(command)];
  // fish wants single-character -s flags; longer short-style flags become -o (old style)
  if (option.short) parts.push(option.short.length === 2 ? '-s' : '-o', option.short.slice(1));
  if (option.long) parts.push('-l', option.long.slice(2));
  if (option.valueName !== undefined) parts.push(option.valueOptional ? '-f' : '-x');
  if (option.dynamic !== undefined) {
    parts.push('-a', quote(`(${dynamicCommand(command.path[0] ?? '', option.dynamic)})`));
  } else if (option.choices.length > 0) parts.push('-a', wordList(option.choices));
  parts.push('-d', quote(option.description));
  return parts.join(' ');
}

function commandLines(prefix: string, command: CommandModel): string[] {
  const lines = command.options.map((o) => optionLine(prefix, command, o));
  if (command.commands.length > 0) {
    for (const sub of command.commands) {
      const words = ['-a', quote(sub.name), '-d', quote(sub.description)];
      lines.push([prefix, '-n', condition(command, 0), ...words].join(' '));
    }
  } else {
    command.arguments.forEach((argument, index) => {
      const dynamic = argument.dynamic;
      if (argument.choices.length === 0 && dynamic === undefined) return;
      // A variadic argument takes every position from its own on; -ge needs the helper's count.
      const at = argument.variadic ? condition(command) : condition(command, index);
      const values =
        dynamic === undefined
          ? wordList(argument.choices)
          : quote(`(${dynamicCommand(command.path[0] ?? '', dynamic)})`);
      const words = [...(dynamic === undefined ? [] : ['-f']), '-a', values];
      if (argument.description) words.push('-d', quote(argument.description));
      lines.push([prefix, '-n', at, ...words].join(' '));
    });
  }
  return lines;
}

/** `case` branches setting $valued, the flags whose value is the next token, per command path. */
function valuedCases(root: CommandModel): string[] {
  return allCommands(root).flatMap((command) => {
    const flags = valuedOptions(command).flatMap(flagsOf);
    if (flags.length === 0) return [];
    const path = quote(command.path.slice(1).join(' '));
    return [`            case ${path}`, `                set valued ${flags.map(quote).join(' ')}`];
  });
}

/** A fish completion script: one helper that walks the tokens, then one `complete` per item. */
export function fishCompletion(root: CommandModel): string {
  const name = root.name;
  const prefix = `complete -c ${name}`;
  const commands = allCommands(root);
  return `# fish completion for ${name}
# Generated from the command definitions by scripts/generate.mjs; do not edit, run \`npm run generate\`.
# Install: ${name} completion fish > ~/.config/fish/completions/${name}.fish

# __${name}_at PATH [N]: true when the tokens before the cursor are in the (sub)command PATH ('' for
# the top level) and, if N is given, exactly N of its arguments are already on the line.
function __${name}_at
    set -l path ''
    set -l npos 0
    set -l skip 0
    set -l nomore 0
    for token in (commandline -opc)[2..]
        if test $skip = 1
            set skip 0
            continue
        end
        set -l valued
        switch $path
${valuedCases(root).join('\n')}
        end
        if test $nomore = 0; and test "$token" = --
            set nomore 1
        else if test $nomore = 0; and string match -qr -- '^-.' $token
            contains -- $token $valued; and set skip 1
        else if test $npos = 0; and contains -- (string trim -- "$path $token") $__${name}_paths
            set path (string trim -- "$path $token")
        else
            set npos (math $npos + 1)
        end
    end
    test "$path" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test $npos = $argv[2]
end

set -g __${name}_paths ${commands
    .slice(1)
    .map((c) => quote(c.path.slice(1).join(' ')))
    .join(' ')}

# Never offer file names: no argument or option value of ${name} is a path.
${prefix} -f
${commands.flatMap((c) => commandLines(prefix, c)).join('\n')}
`;
}
