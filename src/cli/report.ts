import { CommanderError } from 'commander';
import { EXIT, WeatherError } from '../core/errors.js';
import { redactSecrets } from '../core/mask.js';
import type { Output } from './io.js';

/**
 * The one place failures become output: `weather: <what happened>` on stderr, at most one hint
 * line, and the exit code from the table in core/errors.ts. Stack traces only when asked for.
 */
export function report(error: unknown, stderr: Output, verbose: boolean): number {
  if (error instanceof CommanderError) return reportCommander(error, stderr);
  if (error instanceof WeatherError) {
    stderr.write(`weather: ${redactSecrets(error.message)}\n`);
    if (error.hint) stderr.write(`hint: ${redactSecrets(error.hint)}\n`);
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

const SHOWN_ALREADY = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

function reportCommander(error: CommanderError, stderr: Output): number {
  if (SHOWN_ALREADY.has(error.code)) {
    // Help asked for, or printed because a command group was given without a command.
    return error.code === 'commander.help' && error.exitCode !== 0 ? EXIT.usage : EXIT.ok;
  }
  const [first = '', ...rest] = error.message.replace(/^error: /, '').split('\n');
  stderr.write(`weather: ${first}\n`);
  const suggestion = rest
    .join(' ')
    .trim()
    .replace(/^\((.*)\)$/, '$1');
  stderr.write(
    `hint: ${suggestion ? suggestion.charAt(0).toLowerCase() + suggestion.slice(1) : 'see: weather --help'}\n`,
  );
  return EXIT.usage;
}
