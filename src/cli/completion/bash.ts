import {
  allCommands,
  dynamicCommand,
  flagsOf,
  isPlainWord,
  valuedOptions,
  type CommandModel,
} from './model.js';

// compgen -W splits and expands its word list, so a word must not need quoting; a spec value that
// does fails generation instead of producing a script that completes the wrong thing.
function words(list: readonly string[]): string {
  for (const word of list) {
    if (!isPlainWord(word))
      throw new Error(`cannot complete "${word}" in bash: quote-free words only`);
  }
  return `'${list.join(' ')}'`;
}

/** One `case` branch of the data function: patterns and the words REPLY gets. */
function branch(patterns: readonly string[], list: readonly string[]): string {
  return `    ${patterns.map((p) => `'${p}'`).join(' | ')}) REPLY=${words(list)} ;;`;
}

/** A branch whose words are what a command prints, run when completing (saved place names). */
function dynamicBranch(patterns: readonly string[], command: string): string {
  return `    ${patterns.map((p) => `'${p}'`).join(' | ')}) REPLY=$(${command}) ;;`;
}

function branches(command: CommandModel): string[] {
  const root = command.path[0] ?? '';
  const key = command.path.join(' ');
  const lines: string[] = [];
  if (command.commands.length > 0) {
    lines.push(
      branch(
        [`commands ${key}`],
        command.commands.map((c) => c.name),
      ),
    );
  }
  lines.push(branch([`flags ${key}`], command.options.flatMap(flagsOf)));
  const valued = valuedOptions(command);
  if (valued.length > 0) lines.push(branch([`valued ${key}`], valued.flatMap(flagsOf)));
  for (const option of valued) {
    if (option.dynamic === undefined) continue;
    const patterns = flagsOf(option).map((f) => `values ${key} ${f}`);
    lines.push(dynamicBranch(patterns, dynamicCommand(root, option.dynamic)));
  }
  for (const option of valued.filter((o) => o.choices.length > 0)) {
    lines.push(
      branch(
        flagsOf(option).map((f) => `values ${key} ${f}`),
        option.choices,
      ),
    );
  }
  const variadic = command.arguments.findIndex((a) => a.variadic && a.choices.length > 0);
  command.arguments.forEach((argument, index) => {
    // A variadic argument's branch catches every later index, so earlier ones must come first.
    if (argument.dynamic !== undefined) {
      lines.push(dynamicBranch([`args ${key} ${index}`], dynamicCommand(root, argument.dynamic)));
    } else if (argument.choices.length > 0 || index < variadic) {
      lines.push(branch([`args ${key} ${index}`], argument.choices));
    }
  });
  if (variadic >= 0) {
    lines.push(
      `    'args ${key} '*) REPLY=${words(command.arguments[variadic]?.choices ?? [])} ;;`,
    );
  }
  return lines;
}

/** A bash completion script: static data in a `case`, and one function that walks the words. */
export function bashCompletion(root: CommandModel): string {
  const name = root.name;
  const fn = `_${name.replace(/\W/g, '_')}`;
  return `# bash completion for ${name}
# Generated from the command definitions by scripts/generate.mjs; do not edit, run \`npm run generate\`.
# Install: ${name} completion bash > ~/.local/share/bash-completion/completions/${name}

# ${fn}_data QUERY: set REPLY to the words answering QUERY about a command path, which is one of
# "commands PATH", "flags PATH", "valued PATH" (flags that take a value), "values PATH FLAG",
# "args PATH INDEX".
${fn}_data() {
  case $1 in
${allCommands(root).flatMap(branches).join('\n')}
    *) REPLY='' ;;
  esac
}

${fn}() {
  local IFS=$' \\t\\n' REPLY cur=\${COMP_WORDS[COMP_CWORD]} path=${name} npos=0 i=1 j w
  local option='' value='' prefix='' nomore=''
  COMPREPLY=()
  # Walk the words before the cursor: find the (sub)command, count its arguments and skip option
  # values; stop early when the cursor is on the value of an option.
  while (( i < COMP_CWORD )); do
    w=\${COMP_WORDS[i]}
    if [[ -z $nomore && $w == -- ]]; then
      nomore=1
    elif [[ -z $nomore && $w == -?* ]]; then
      ${fn}_data "valued $path"
      if [[ $w != *=* && " $REPLY " == *" $w "* ]]; then
        # The value is the next word, or the word after "=" when = is in COMP_WORDBREAKS.
        j=$(( i + 1 ))
        [[ \${COMP_WORDS[j]-} == = ]] && j=$(( i + 2 ))
        if (( j >= COMP_CWORD )); then
          option=$w
          [[ $cur != = ]] && value=$cur
          break
        fi
        i=$j
      fi
    else
      ${fn}_data "commands $path"
      if (( npos == 0 )) && [[ " $REPLY " == *" $w "* ]]; then
        path="$path $w"
      else
        (( npos++ ))
      fi
    fi
    (( i++ ))
  done
  if [[ -z $option && -z $nomore ]]; then
    if [[ $cur == --*=* ]]; then
      option=\${cur%%=*} value=\${cur#*=} prefix="\${cur%%=*}="
    elif [[ $cur == -[!-]?* ]]; then
      ${fn}_data "valued $path"
      [[ " $REPLY " == *" \${cur:0:2} "* ]] && option=\${cur:0:2} value=\${cur:2} prefix=\${cur:0:2}
    fi
  fi
  if [[ -n $option ]]; then
    ${fn}_data "values $path $option"
    COMPREPLY=($(compgen -P "$prefix" -W "$REPLY" -- "$value"))
    return 0
  fi
  if [[ -z $nomore && $cur == -* ]]; then
    ${fn}_data "flags $path"
  else
    ${fn}_data "commands $path"
    if (( npos > 0 )) || [[ -z $REPLY ]]; then
      ${fn}_data "args $path $npos"
    fi
  fi
  COMPREPLY=($(compgen -W "$REPLY" -- "$cur"))
  return 0
}

complete -F ${fn} ${name}
`;
}
