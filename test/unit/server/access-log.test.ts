import { describe, expect, it } from 'vitest';
import { accessLine, redactTarget } from '../../../src/server/access-log.js';
import { ACTIVE, INACTIVE, KEYS } from '../../helpers/fixed-world.js';

/** The fixed world's keys (not hex: only being known gives them away) and one key made by hand. */
const keys = { status: (key: string) => (key === 'hand/made' ? 'active' : KEYS[key]) };
const HEX = '0123456789abcdef0123456789ABCDEF';
const W = '/data/2.5/weather';
/** Every character percent-encoded (the keys are ASCII). */
function escaped(text: string): string {
  return Buffer.from(text, 'latin1').toString('hex').replace(/../g, '%$&');
}
const ENCODED = escaped(ACTIVE);

describe('redactTarget', () => {
  it.each([
    ['plain appid', `${W}?lat=1&lon=2&appid=${ACTIVE}`, `${W}?lat=1&lon=2&appid=***`],
    ['percent-encoded name', `${W}?lat=1&%61ppid=${ACTIVE}`, `${W}?lat=1&%61ppid=***`],
    ['another encoded letter', `${W}?app%69d=${ACTIVE}&lat=1`, `${W}?app%69d=***&lat=1`],
    ['upper case', `${W}?APPID=${ACTIVE}`, `${W}?APPID=***`],
    ['mixed case, encoded', `${W}?Ap%50iD=unknown-value`, `${W}?Ap%50iD=***`],
    ['encoded value', `${W}?appid=${ENCODED}`, `${W}?appid=***`],
    ['repeated', `${W}?appid=${ACTIVE}&appid=${INACTIVE}&lat=1`, `${W}?appid=***&appid=***&lat=1`],
    ['empty value', `${W}?appid=&lat=1`, `${W}?appid=***&lat=1`],
    ['no value at all', `${W}?appid&lat=1`, `${W}?appid&lat=1`],
    ['a value holding = and %', `${W}?appid=a=b%zz&lat=1`, `${W}?appid=***&lat=1`],
    ['first parameter after ??', `${W}??appid=${ACTIVE}`, `${W}??appid=***`],
    ['in the path', `${W}/${ACTIVE}?lat=1`, `${W}/***?lat=1`],
    ['encoded in the path', `${W}/${ENCODED}`, `${W}/***`],
    ['in another parameter', `${W}?key=${ACTIVE}&lat=1`, `${W}?key=***&lat=1`],
    ['as a parameter name', `${W}?${ACTIVE}=1`, `${W}?***=1`],
    ['32 hex anywhere', `${W}/x${HEX}y?lat=${HEX}9`, `${W}/x***y?lat=***`],
    ['32 hex escaped', `/${escaped(HEX)}`, '/***'],
    ['a key made by hand, escaped', `${W}?k=hand%2Fmade`, `${W}?k=***`],
    [
      'in the userinfo of an absolute-form target',
      `http://u:${ACTIVE}@h${W}`,
      'http://u:***@h/data/2.5/weather',
    ],
    ['nothing to hide', `${W}?lat=1&lon=2&units=metric`, `${W}?lat=1&lon=2&units=metric`],
    ['31 hex digits are not a key', `${W}?x=${HEX.slice(1)}`, `${W}?x=${HEX.slice(1)}`],
    ['a bad escape', `${W}?lat=%zz&lon=%`, `${W}?lat=%zz&lon=%`],
    ['no query: no parameters', `${W}&appid=short`, `${W}&appid=short`],
    ['a query alone', '?appid=short', '?appid=***'],
  ])('%s', (_what, target, logged) => {
    expect(redactTarget(target, keys)).toBe(logged);
  });
});

describe('accessLine', () => {
  const entry = {
    remote: '127.0.0.1',
    method: 'GET',
    target: `${W}?lat=1&appid=${ACTIVE}`,
    status: 200,
    bytes: 541,
    ms: 2.25,
  };
  it('gives the remote address, request, status, size and time, and the fault when there is one', () => {
    expect([
      accessLine(entry, keys),
      accessLine({ ...entry, fault: undefined }, keys),
      accessLine({ ...entry, status: '-', bytes: 0, ms: 300.04, fault: 'hang' }, keys),
    ]).toEqual([
      `127.0.0.1 "GET ${W}?lat=1&appid=***" 200 541 2.3ms`,
      `127.0.0.1 "GET ${W}?lat=1&appid=***" 200 541 2.3ms`,
      `127.0.0.1 "GET ${W}?lat=1&appid=***" - 0 300.0ms fault=hang`,
    ]);
  });
});
