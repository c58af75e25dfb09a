import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ConfigError,
  NetworkError,
  UpstreamError,
  UsageError,
  type WeatherError,
} from '../../../src/core/errors.js';

describe('typed errors', () => {
  it.each([
    [new UsageError('m', 'h'), 'UsageError', 2],
    [new ApiError(400, 'm', 'h'), 'ApiError', 3],
    [new ApiError(401, 'm', 'h'), 'ApiError', 4],
    [new ApiError(403, 'm', 'h'), 'ApiError', 3],
    [new ApiError(404, 'm', 'h'), 'ApiError', 3],
    [new ApiError(429, 'm', 'h'), 'ApiError', 5],
    [new NetworkError('m', 'h'), 'NetworkError', 6],
    [new UpstreamError('m', 'h'), 'UpstreamError', 7],
    [new ConfigError('m', 'h'), 'ConfigError', 8],
  ] as const)('%s: name %s, exit code %s', (error: WeatherError, name, exitCode) => {
    expect([error.name, error.exitCode, error.message, error.hint]).toEqual([
      name,
      exitCode,
      'm',
      'h',
    ]);
  });

  it('keeps the cause it was given and has no hint unless given one', () => {
    const cause = new Error('underneath');
    const error = new NetworkError('m', undefined, { cause });
    expect([error.cause, error.hint]).toEqual([cause, undefined]);
  });
});
