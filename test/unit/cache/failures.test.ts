import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  backoffSeconds,
  decodeFailures,
  encodeFailures,
  recall,
  secondsLeft,
} from '../../../src/cache/failures.js';
import { ApiError, NetworkError, UpstreamError, UsageError } from '../../../src/core/errors.js';

describe('the back-off after network failures in a row', () => {
  it('starts at the second, doubles from 30 s and stops at 15 min', () => {
    expect(Array.from({ length: 9 }, (_, i) => backoffSeconds(i))).toEqual([
      0, 0, 30, 60, 120, 240, 480, 900, 900,
    ]);
  });

  it('counts network failures only; any answer from the server ends the run', () => {
    const network = new NetworkError('cannot reach h: connection refused', 'check');
    const one = afterFailure(undefined, network, 1_000, undefined);
    const two = afterFailure(one, network, 2_000, undefined);
    const served = afterFailure(two, new UpstreamError('h answered 502'), 3_000, undefined);
    expect([one?.networkFailures, one?.until, two?.networkFailures, two?.until]).toEqual([
      1, 0, 2, 32_000,
    ]);
    expect([served?.networkFailures, served?.until]).toEqual([0, 0]);
  });

  it('opens the window a 429 asks for', () => {
    const limited = afterFailure(undefined, new ApiError(429, 'rate limited'), 1_000, 60);
    expect([limited?.until, secondsLeft(limited, 1_000), secondsLeft(limited, 60_500)]).toEqual([
      61_000, 60, 1,
    ]);
    expect(secondsLeft(limited, 61_000)).toBeUndefined();
  });

  it('keeps errors of the call only, and tells them again in the same words', () => {
    expect(afterFailure(undefined, new UsageError('bad flag'), 0, undefined)).toBeUndefined();
    const record = afterFailure(
      undefined,
      new ApiError(401, 'rejected http://h/weather?appid=secret', 'check the key'),
      5,
      undefined,
    );
    const decoded = record && decodeFailures(encodeFailures(record));
    expect(decoded).toEqual(record);
    expect(decoded && recall(decoded.last.error)).toEqual(
      new ApiError(401, 'rejected http://h/weather?appid=***', 'check the key'),
    );
  });

  it.each([
    '',
    'null',
    '[]',
    '{"networkFailures":1}',
    '{"networkFailures":-1,"until":0,"last":{"id":"a","at":0,"error":{"kind":"network","message":"m"}}}',
  ])('forgets a damaged record: %s', (text) => {
    expect(decodeFailures(text)).toBeUndefined();
  });
});
