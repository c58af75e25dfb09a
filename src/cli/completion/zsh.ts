import {
  allCommands,
  dynamicCommand,
  flagsOf,
  type ArgumentModel,
  type CommandModel,
  type OptionModel,
} from './model.js';

/** Single-quoted zsh word. */
function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Text inside an _arguments `[description]`, where brackets and colons are syntax. */
function bracketText(text: string): string {
  return text.replace(/[\\[\]:]/g, '\\$&');
}

/**
 * An _arguments action listing fixed words: `(a b c)`; the lines a command prints, when the
 * values are dynamic; or no candidates at all.
 */
function action(
  choices: readonly string[],
  dynamic: readonly string[] | undefined,
  root: string,
): string {
  if (dynamic !== undefined) return `{compadd -- \${(f)"$(${dynamicCommand(root, dynamic)})"}}`;
  if (choices.length === 0) return ' ';
  return `(${choices.map((c) => c.replace(/[^\w.,@%+/=-]/g, '\\$&')).join(' ')})`;
}

function functionName(command: CommandModel): string {
  return `_${command.path.map((p) => p.replace(/\W/g, '_')).join('_')}`;
}

function optionSpecs(option: OptionModel, root: string): string[] {
  const flags = flagsOf(option);
  // Each spelling excludes the others and any flag it conflicts with (--color/--no-color).
  const excluded = [...flags, ...option.conflicts];
  const exclusions = excluded.length > 1 ? `(${excluded.join(' ')})` : '';
  const description = `[${bracketText(option.description)}]`;
  return flags.map((flag) => {
    if (option.valueName === undefined) return quote(`${exclusions}${flag}${description}`);
    // `-u+` and `--units=` accept the value in the same word or the next one.
    const form = flag.startsWith('--') ? `${flag}=` : `${flag}+`;
    const colon = option.valueOptional ? '::' : ':';
    const value = `${colon}${bracketText(option.valueName)}:${action(option.choices, option.dynamic, root)}`;
    return quote(`${exclusions}${form}${description}${value}`);
  });
}

function argumentSpec(argument: ArgumentModel, index: number, root: string): string {
  const position = argument.variadic ? '*' : String(index + 1);
  const colon = argument.required || argument.variadic ? ':' : '::';
  return quote(
    `${position}${colon}${bracketText(argument.name)}:${action(argument.choices, argument.dynamic, root)}`,
  );
}

function commandFunction(command: CommandModel): string {
  const name = functionName(command);
  const root = command.path[0] ?? '';
  const options = command.options.flatMap((o) => optionSpecs(o, root));
  if (command.commands.length === 0) {
    // A leaf needs no state: _arguments completes its options and arguments directly.
    const specs = [...options, ...command.arguments.map((a, i) => argumentSpec(a, i, root))];
    return `${name}() {\n  ${['_arguments -s -S :', ...specs].join(' \\\n    ')}\n}`;
  }
  const specs = [...options, quote('1: :->command'), quote('*:: :->args')];
  const describe = command.commands.map(
    (c) => `        ${quote(`${c.name.replaceAll(':', '\\:')}:${c.description}`)}`,
  );
  const dispatch = command.commands.map(
    (c) => `        (${c.name}) ${functionName(c)} && ret=0 ;;`,
  );
  return [
    `${name}() {`,
    '  local curcontext=$curcontext state state_descr line ret=1',
    '  typeset -A opt_args',
    `  ${['_arguments -C -s -S :', ...specs].join(' \\\n    ')} && ret=0`,
    '  case $state in',
    '    (command)',
    '      local -a commands=(',
    ...describe,
    '      )',
    `      _describe -t commands ${quote(`${command.path.join(' ')} command`)} commands && ret=0`,
    '      ;;',
    '    (args)',
    // Name the subcommand in the context so zstyles can target it (:completion::complete:weather-config:).
    `      curcontext=\${curcontext%:*:*}:${command.path.join('-')}-$words[1]:`,
    '      case $words[1] in',
    ...dispatch,
    '      esac',
    '      ;;',
    '  esac',
    '  return ret',
    '}',
  ].join('\n');
}

/** A zsh completion function file (`_weather`), for fpath or for `source` after compinit. */
export function zshCompletion(root: CommandModel): string {
  const name = root.name;
  const fn = functionName(root);
  const functions = allCommands(root).map(commandFunction);
  return `#compdef ${name}
# zsh completion for ${name}
# Generated from the command definitions by scripts/generate.mjs; do not edit, run \`npm run generate\`.
# Install: ${name} completion zsh > "\${fpath[1]}/_${name}", or any folder in fpath.

${functions.join('\n\n')}

# Autoloaded from fpath, this file is the completion function's body; sourced, it registers one.
if [[ \${zsh_eval_context[-1]-} == loadautofunc ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${name}
fi
`;
}
