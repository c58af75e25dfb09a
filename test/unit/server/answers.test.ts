import { describe, expect, it } from 'vitest';
import { Answers, type Sendable } from '../../../src/server/answers.js';
import { createRateLimiter } from '../../../src/server/ratelimit.js';
import type { KeyStatus } from '../../../src/keys/store.js';
import { ACTIVE, deps, NOW_MS } from '../../helpers/fixed-world.js';

const TARGET = `/data/2.5/weather?lat=51.5&lon=-0.1&appid=${ACTIVE}`;
const CYCLE_MS = 600_000;

/** Whether the answer came at once (kept) and its status. */
async function ask(answers: Answers, url = TARGET, method = 'GET'): Promise<[boolean, number]> {
  const sent: Sendable | Promise<Sendable> = answers.answer({ method, url, headers: {} });
  return [!(sent instanceof Promise), (await sent).response.status];
}

describe('Answers', () => {
  it('answers a target from its kept observation from the third request of a cycle on', async () => {
    let now = NOW_MS;
    const answers = new Answers(deps({ now: () => now }));
    const first = await answers.answer({ method: 'GET', url: TARGET, headers: {} });
    expect([await ask(answers), await ask(answers), await ask(answers, TARGET, 'HEAD')]).toEqual([
      [false, 200],
      [true, 200],
      [true, 200],
    ]);
    const kept = await answers.answer({ method: 'GET', url: TARGET, headers: {} });
    expect([kept.response, kept.logged]).toEqual([
      first.response,
      '/data/2.5/weather?lat=51.5&lon=-0.1&appid=***',
    ]);
    now += CYCLE_MS;
    expect(await ask(answers)).toEqual([false, 200]);
  });

  it('checks the key of a kept target again on every request', async () => {
    const statuses: Record<string, KeyStatus> = { [ACTIVE]: 'active' };
    const answers = new Answers(deps({ keys: { status: (key) => statuses[key] } }));
    await ask(answers);
    await ask(answers);
    expect(await ask(answers)).toEqual([true, 200]);
    statuses[ACTIVE] = 'inactive';
    const refused = await answers.answer({ method: 'GET', url: TARGET, headers: {} });
    expect([refused.response.status, refused.response.body.toString()]).toEqual([
      401,
      '{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}',
    ]);
  });

  it('counts a kept answer against the key’s rate limit', async () => {
    const answers = new Answers(deps({ limiter: createRateLimiter(3, () => NOW_MS) }));
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await ask(answers));
    expect(results).toEqual([
      [false, 200],
      [false, 200],
      [true, 200],
      [true, 429],
    ]);
  });

  it('never keeps what is not an observation', async () => {
    const answers = new Answers(deps());
    const url = '/data/2.5/weather?lat=91&lon=0&appid=' + ACTIVE;
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await ask(answers, url));
    expect(results).toEqual([
      [false, 400],
      [false, 400],
      [false, 400],
    ]);
  });
});
