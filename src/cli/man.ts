import type { Command } from 'commander';
import { EXIT_CODE_TABLE } from '../core/errors.js';
import {
  allCommands,
  flagsOf,
  programModel,
  type CommandModel,
  type OptionModel,
} from './completion/model.js';
import { VERSION } from './program.js';
import { COMMANDS, ENVIRONMENT, ROOT } from './spec.js';

/**
 * Text for a roff text line: backslashes and hyphens escaped (`\-` keeps flags copy-pastable as
 * ASCII hyphen-minus), non-ASCII as named glyphs so groff needs no preconv, and a leading `.` or
 * `'` neutralised so the line is never read as a request.
 */
export function roffEscape(text: string): string {
  const escaped = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(
      /[^\x20-\x7e]/gu,
      (c) => `\\[u${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`,
    );
  return /^[.']/.test(escaped) ? `\\&${escaped}` : escaped;
}

const bold = (text: string): string => `\\fB${roffEscape(text)}\\fR`;
const italic = (text: string): string => `\\fI${roffEscape(text)}\\fR`;

function usage(command: CommandModel): string {
  const args = command.arguments.map((a) => {
    const name = `${italic(a.name)}${a.variadic ? '...' : ''}`;
    return a.required ? name : `[${name}]`;
  });
  // The top level runs on its own; its commands get synopsis lines of their own.
  const isRoot = command.path.length === 1;
  const rest = command.commands.length > 0 && !isRoot ? [italic('command')] : args;
  const options = command.options.length > 0 ? [`[${italic('options')}]`] : [];
  return [bold(command.path.join(' ')), ...options, ...rest].join(' ');
}

function optionItem(option: OptionModel): string[] {
  const value = option.valueName === undefined ? '' : ` ${italic(option.valueName)}`;
  const lines = [
    '.TP',
    `${flagsOf(option).map(bold).join(', ')}${value}`,
    roffEscape(option.description),
  ];
  if (option.choices.length > 0)
    lines.push('.br', `Choices: ${roffEscape(option.choices.join(', '))}.`);
  if (option.defaultText) lines.push('.br', `Default: ${roffEscape(option.defaultText)}.`);
  return lines;
}

function indented(title: string, items: readonly string[]): string[] {
  return items.length > 0 ? ['.PP', `${title}:`, '.RS 4', ...items, '.RE'] : [];
}

function commandSection(command: CommandModel): string[] {
  const args = command.arguments.flatMap((a) => [
    '.TP',
    italic(a.name),
    roffEscape(a.description || a.name),
    ...(a.choices.length > 0 ? ['.br', `Choices: ${roffEscape(a.choices.join(', '))}.`] : []),
  ]);
  const subcommands = command.commands.flatMap((c) => [
    '.TP',
    bold(c.name),
    roffEscape(c.description),
  ]);
  return [
    `.SS "${roffEscape(command.path.join(' '))}"`,
    usage(command),
    '.PP',
    roffEscape(command.description),
    ...indented('Commands', subcommands),
    ...indented('Arguments', args),
    ...indented('Options', command.options.flatMap(optionItem)),
  ];
}

function definitions(rows: readonly (readonly [string | number, string])[]): string[] {
  return rows.flatMap(([term, text]) => ['.TP', bold(String(term)), roffEscape(text)]);
}

function examples(): string[] {
  const all = [...new Set([ROOT, ...COMMANDS].flatMap((spec) => spec.examples ?? []))];
  return ['.RS 4', '.nf', ...all.map(roffEscape), '.fi', '.RE'];
}

/** `weather(1)` in roff (man macros), from the program, the spec's tables and the exit codes. */
export function generateManPage(program: Command): string {
  const root = programModel(program);
  const name = root.name;
  const commands = allCommands(root).slice(1);
  return `${[
    `.\\" Generated from the command definitions by scripts/generate.mjs; do not edit.`,
    `.TH ${roffEscape(name.toUpperCase())} 1 "" "${roffEscape(`${name} ${program.version() ?? VERSION}`)}" "User Commands"`,
    // No hyphenation, ragged right: flags, URLs and paths stay whole and copyable.
    '.nh',
    '.ad l',
    '.SH NAME',
    `${roffEscape(name)} \\- ${roffEscape(root.description)}`,
    '.SH SYNOPSIS',
    ...[root, ...commands.filter((c) => c.commands.length === 0)].flatMap((c, i) =>
      i === 0 ? [usage(c)] : ['.br', usage(c)],
    ),
    '.SH DESCRIPTION',
    `${bold(name)} prints the current weather at a latitude and longitude, asking the Current Weather API 2.5 or answering from its embedded implementation.`,
    "Its commands store settings, manage the embedded implementation's API keys, serve that implementation over HTTP and print shell completions.",
    '.SH OPTIONS',
    'Options of the top level come before any command.',
    ...root.options.flatMap(optionItem),
    '.SH COMMANDS',
    ...commands.flatMap(commandSection),
    '.SH EXIT STATUS',
    ...definitions(EXIT_CODE_TABLE),
    '.SH ENVIRONMENT',
    ...definitions(ENVIRONMENT),
    '.SH FILES',
    `Settings and keys live in ${italic('$WEATHER_CONFIG_DIR')} when it is set, else in ${italic('$XDG_CONFIG_HOME/weather')} (${italic('~/.config/weather')} by default; ${italic('~/Library/Preferences/weather')} on macOS, ${italic('%APPDATA%\\weather')} on Windows).`,
    ...definitions([
      ['config.json', `settings written by ${name} config set`],
      ['keys.json', `API keys of the embedded implementation, managed by ${name} keys`],
    ]),
    `Cached responses (--cache, --stale-ok) and the memory of failed calls live in ${italic('$WEATHER_CACHE_DIR')} when it is set, else in ${italic('$XDG_CACHE_HOME/weather')} (${italic('~/.cache/weather')} by default; ${italic('~/Library/Caches/weather')} on macOS, ${italic('%LOCALAPPDATA%\\weather')} on Windows); files untouched for a week are removed.`,
    '.SH EXAMPLES',
    ...examples(),
  ].join('\n')}\n`;
}
