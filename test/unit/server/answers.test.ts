import { describe, expect, it } from 'vitest';
import { Answers, type Sendable } from '../../../src/server/answers.js';
import { createRateLimiter } from '../../../src/server/ratelimit.js';
import type { KeyStatus } from '../../../src/keys/store.js';
import { handle } from '../../../src/server/handler.js';
import { ACTIVE, deps, NOW_MS } from '../../helpers/fixed-world.js';

const TARGET = `/data/2.5/weather?lat=51.5&lon=-0.1&appid=${ACTIVE}`;
const CYCLE_MS = 600_000;

/** Whether the answer came at once (kept) and its status. */
async function ask(
  answers: Answers,
  url = TARGET,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<[boolean, number]> {
  const sent: Sendable | Promise<Sendable> = answers.answer({ method, url, headers });
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

  it('answers other methods through the handler, never from what was kept', async () => {
    const answers = new Answers(deps());
    await ask(answers);
    await ask(answers);
    expect([await ask(answers), await ask(answers, TARGET, 'POST')]).toEqual([
      [true, 200],
      [false, 405],
    ]);
  });

  it('neither answers nor counts a request that sets its own clock (X-Weather-Now)', async () => {
    const answers = new Answers(deps({ allowTestHeaders: true }));
    const earlier = { 'x-weather-now': '2026-01-01T10:00:00Z' };
    expect([
      await ask(answers),
      await ask(answers, TARGET, 'GET', earlier),
      // The second request of the cycle: it is kept now.
      await ask(answers),
      await ask(answers),
      await ask(answers, TARGET, 'GET', earlier),
    ]).toEqual([
      [false, 200],
      [false, 200],
      [false, 200],
      [true, 200],
      [false, 200],
    ]);
    const sent = await answers.answer({ method: 'GET', url: TARGET, headers: earlier });
    const dt = (JSON.parse(Buffer.from(sent.response.body).toString('utf8')) as { dt: number }).dt;
    // The model at 10:00, not the 12:00 that was kept.
    expect(dt).toBe(Date.UTC(2026, 0, 1, 10) / 1000);
  });

  it('counts a kept answer as its body, its target twice and 512 bytes more, within its bound', async () => {
    const { body } = await handle({ method: 'GET', url: TARGET, headers: {} }, deps());
    const cost = body.byteLength + 2 * TARGET.length + 512;
    const third = async (bytes: number) => {
      const answers = new Answers(deps(), { entries: 10, bytes, seen: 10 });
      await ask(answers);
      await ask(answers);
      return ask(answers);
    };
    expect([await third(cost), await third(cost - 1)]).toEqual([
      [true, 200],
      [false, 200],
    ]);
  });

  it('logs the target of a kept answer redacted anew once the keys have changed', async () => {
    const statuses: Record<string, KeyStatus> = { [ACTIVE]: 'active' };
    let revision = 1;
    const answers = new Answers(
      deps({ keys: { status: (key) => statuses[key], revision: () => revision } }),
    );
    const url = `${TARGET}&note=made-by-hand`;
    const logged = async () => (await answers.answer({ method: 'GET', url, headers: {} })).logged;
    const before = [await logged(), await logged(), await logged()];
    statuses['made-by-hand'] = 'inactive';
    revision += 1;
    const shown = '/data/2.5/weather?lat=51.5&lon=-0.1&appid=***&note=';
    expect([...before, await logged()]).toEqual([
      `${shown}made-by-hand`,
      `${shown}made-by-hand`,
      `${shown}made-by-hand`,
      `${shown}***`,
    ]);
  });
});
