import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { report } from '../../../src/cli/report.js';
import {
  ApiError,
  ConfigError,
  NetworkError,
  UpstreamError,
  UsageError,
} from '../../../src/core/errors.js';

function capture(error: unknown, verbose = false): { code: number; text: string } {
  let text = '';
  const code = report(error, { write: (s) => void (text += String(s)) }, verbose);
  return { code, text };
}

describe('report: one line, at most one hint, the documented exit code', () => {
  it.each([
    [new UsageError('bad flag'), 2, 'weather: bad flag\n'],
    [new ApiError(400, 'rejected'), 3, 'weather: rejected\n'],
    [new ApiError(404, 'not found'), 3, 'weather: not found\n'],
    [new ApiError(401, 'bad key', 'set one'), 4, 'weather: bad key\nhint: set one\n'],
    [new ApiError(429, 'slow down'), 5, 'weather: slow down\n'],
    [new NetworkError('refused'), 6, 'weather: refused\n'],
    [new UpstreamError('502'), 7, 'weather: 502\n'],
    [new ConfigError('broken file', 'fix it'), 8, 'weather: broken file\nhint: fix it\n'],
    [
      new UpstreamError('at http://x/weather?lat=1&appid=secret failed'),
      7,
      'weather: at http://x/weather?lat=1&appid=*** failed\n',
    ],
  ])('%s', (error, code, text) => {
    expect(capture(error)).toEqual({ code, text });
  });

  it('reports a bug without a stack trace unless asked', () => {
    const bug = new TypeError('x is undefined at http://h/weather?appid=secret');
    expect(capture(bug)).toEqual({
      code: 1,
      text: 'weather: internal error: x is undefined at http://h/weather?appid=***\nhint: this is a bug; run again with --verbose for details, and report it\n',
    });
    const verbose = capture(bug, true);
    expect(verbose.code).toBe(1);
    expect(verbose.text).toMatch(
      /^weather: internal error: x is undefined at http:\/\/h\/weather\?appid=\*\*\*\nTypeError: x is undefined at http:\/\/h\/weather\?appid=\*\*\*\n {4}at /,
    );
    expect(verbose.text).not.toContain('secret');
  });

  it('turns commander errors into usage errors, keeping its suggestion as the hint', () => {
    expect(
      capture(
        new CommanderError(
          1,
          'commander.unknownOption',
          "error: unknown option '--unit'\n(Did you mean --units?)",
        ),
      ),
    ).toEqual({
      code: 2,
      text: 'weather: unknown option "--unit"\nhint: did you mean --units?\n',
    });
    expect(capture(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'))).toEqual({
      code: 0,
      text: '',
    });
    expect(capture(new CommanderError(1, 'commander.help', '(outputHelp)'))).toEqual({
      code: 2,
      text: '',
    });
  });
});
