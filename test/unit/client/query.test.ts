import { describe, expect, it } from 'vitest';
import { createEmbeddedTransport } from '../../../src/client/embedded.js';
import { queryString, type Query } from '../../../src/client/query.js';
import type { HttpRequest } from '../../../src/core/http.js';

const QUERY: Query = { lat: 51.5, lon: -0.12, units: 'metric', lang: 'pt_br', mode: 'xml' };

describe('queryString', () => {
  it.each([
    ['without a key', QUERY, 'lat=51.5&lon=-0.12&units=metric&lang=pt_br&mode=xml'],
    [
      'with a key',
      { ...QUERY, appid: 'k&y=1' },
      'lat=51.5&lon=-0.12&units=metric&lang=pt_br&mode=xml&appid=k%26y%3D1',
    ],
    [
      'with an empty key',
      { ...QUERY, appid: '' },
      'lat=51.5&lon=-0.12&units=metric&lang=pt_br&mode=xml&appid=',
    ],
  ])('%s', (_what, query: Query, expected) => {
    expect(queryString(query)).toBe(expected);
  });
});

describe('createEmbeddedTransport', () => {
  it('hands the handler a GET of the weather path, and returns its answer as it is', async () => {
    const seen: HttpRequest[] = [];
    const answer = { status: 418, headers: { 'x-a': 'b' }, body: Buffer.from('tea') };
    const transport = createEmbeddedTransport(async (request) => {
      seen.push(request);
      return answer;
    });
    expect(transport.target).toBe('the embedded implementation');
    expect(await transport.get({ ...QUERY, appid: 'key' })).toBe(answer);
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/data/2.5/weather?lat=51.5&lon=-0.12&units=metric&lang=pt_br&mode=xml&appid=key',
        headers: {},
      },
    ]);
  });
});
