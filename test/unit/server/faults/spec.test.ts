import { describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../../../src/server/faults/spec.js';

describe('the --faults grammar', () => {
  it.each([
    ['503', { ok: true, rules: [{ fault: '503', trigger: { on: 'always' } }] }],
    [
      '429:0.05,500:0.01',
      {
        ok: true,
        rules: [
          { fault: '429', trigger: { on: 'probability', p: 0.05 } },
          { fault: '500', trigger: { on: 'probability', p: 0.01 } },
        ],
      },
    ],
    ['slow:1', { ok: true, rules: [{ fault: 'slow', trigger: { on: 'probability', p: 1 } }] }],
    ['reset:every=10', { ok: true, rules: [{ fault: 'reset', trigger: { on: 'every', n: 10 } }] }],
    ['401:key=abc', { ok: true, rules: [{ fault: '401', trigger: { on: 'key', key: 'abc' } }] }],
    [
      ' hang , portal:.5',
      {
        ok: true,
        rules: [
          { fault: 'hang', trigger: { on: 'always' } },
          { fault: 'portal', trigger: { on: 'probability', p: 0.5 } },
        ],
      },
    ],
    [
      '418',
      {
        ok: false,
        problem: '"418" is not one of 401, 429, 500, 502, 503, hang, slow, reset, truncate, portal',
      },
    ],
    ['429:0', { ok: false, problem: '429: a probability must be above 0' }],
    [
      '429:1.5',
      { ok: false, problem: '429: "1.5" is not a probability (0.05), every=N or key=KEY' },
    ],
    ['500:every=0', { ok: false, problem: '500: "0" is not a whole number above 0' }],
    ['401:key=', { ok: false, problem: '401: key= needs a key' }],
    [
      '',
      {
        ok: false,
        problem: '"" is not one of 401, 429, 500, 502, 503, hang, slow, reset, truncate, portal',
      },
    ],
    [
      ':0.5',
      {
        ok: false,
        problem: '"" is not one of 401, 429, 500, 502, 503, hang, slow, reset, truncate, portal',
      },
    ],
  ])('%j', (text, expected) => {
    expect(parseFaultSpec(text)).toEqual(expected);
  });
});
