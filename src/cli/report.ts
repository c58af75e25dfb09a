import { CommanderError } from 'commander';
import { EXIT, WeatherError } from '../core/errors.js';
import { redactSecrets } from '../core/mask.js';
import { graphemes } from '../core/graphemes.js';
import { quoted } from '../core/quote.js';
import type { Output } from './io.js';

/**
 * The one place failures become output: `weather: <what happened>` on stderr, at most one hint
 * line, and the exit code from the table in core/errors.ts. Stack traces only when asked for.
 */
export function report(error: unknown, stderr: Output, verbose: boolean): number {
  if (error instanceof CommanderError) return reportCommander(error, stderr);
  if (error instanceof WeatherError) {
    const { message, hint } = short(error.message, error.hint);
    stderr.write(`weather: ${redactSecrets(message)}\n`);
    if (hint) stderr.write(`hint: ${redactSecrets(hint)}\n`);
    if (verbose && error.cause instanceof Error)
      stderr.write(`${redactSecrets(error.cause.stack ?? '')}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  stderr.write(`weather: internal error: ${redactSecrets(message)}\n`);
  if (verbose)
    stderr.write(`${redactSecrets(error instanceof Error ? (error.stack ?? '') : '')}\n`);
  else stderr.write('hint: this is a bug; run again with --verbose for details, and report it\n');
  return EXIT.internal;
}

/** An error line this long or longer is hard to read in a terminal and in a log. */
export const LONGEST_MESSAGE = 200;

/**
 * Each line of the message within LONGEST_MESSAGE characters: a closing parenthesis (a list, a reason) moves to
 * the hint when there is none; what still does not fit is cut.
 */
function short(message: string, hint: string | undefined): { message: string; hint?: string } {
  // A message of several lines (a list of candidates, one a line) is held to the limit line by line.
  const [first = '', ...more] = message.split('\n');
  if (more.length > 0) {
    const head = short(first, hint);
    return { ...head, message: [head.message, ...more].join('\n') };
  }
  const max = LONGEST_MESSAGE - 'weather: '.length - 1;
  if (message.length <= max) return hint === undefined ? { message } : { message, hint };
  const tail = /^(.*?) \(([^()]*)\)$/su.exec(message);
  if (tail?.[1] !== undefined && tail[2] !== undefined && hint === undefined) {
    return short(tail[1], tail[2]);
  }
  const cut = `${graphemes(message)
    .slice(0, max - 1)
    .join('')}…`;
  return hint === undefined ? { message: cut } : { message: cut, hint };
}

/** Commander quotes in single quotes; every message of weather in double quotes, shortened. */
function requote(text: string): string {
  return text.replace(/'([^']*)'/gu, (_, inner: string) => quoted(inner));
}

const SHOWN_ALREADY = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

function reportCommander(error: CommanderError, stderr: Output): number {
  if (SHOWN_ALREADY.has(error.code)) {
    // Help asked for, or printed because a command group was given without a command.
    return error.code === 'commander.help' && error.exitCode !== 0 ? EXIT.usage : EXIT.ok;
  }
  const [first = '', ...rest] = error.message.replace(/^error: /, '').split('\n');
  stderr.write(`weather: ${short(requote(first), undefined).message}\n`);
  const suggestion = rest
    .join(' ')
    .trim()
    .replace(/^\((.*)\)$/, '$1');
  stderr.write(
    `hint: ${suggestion ? suggestion.charAt(0).toLowerCase() + suggestion.slice(1) : 'see: weather --help'}\n`,
  );
  return EXIT.usage;
}
