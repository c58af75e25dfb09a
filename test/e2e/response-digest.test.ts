import { describe, expect, it } from 'vitest';
import { Answers } from '../../src/server/answers.js';
import { handle } from '../../src/server/handler.js';
import {
  digestDeps,
  digestRequests,
  responseDigest,
  type Responder,
} from '../helpers/response-digest.js';
import { testWorld } from '../helpers/world.js';

/**
 * The bytes of the embedded implementation, pinned: 100,000 requests (test/helpers/response-digest.ts)
 * and a SHA-256 over every answer, stored in test/fixtures/response-digest.json. Making the server
 * faster must leave it unchanged; a change to the world model or a representation that is meant
 * to change the answers updates it with `npx vitest run test/e2e/response-digest.test.ts -u`.
 */
const COUNT = 100_000;
const PINNED = '../fixtures/response-digest.json';

describe('answers to 100,000 requests', () => {
  it('from the handler are the pinned bytes', { timeout: 300_000 }, async () => {
    const { deps, setNow } = digestDeps(await testWorld());
    const digest = await responseDigest(digestRequests(COUNT), setNow, (request) =>
      handle(request, deps),
    );
    await expect(`${JSON.stringify(digest, null, 2)}\n`).toMatchFileSnapshot(PINNED);
  });

  it(
    'from the server, which keeps repeated ones, are the same bytes',
    { timeout: 300_000 },
    async () => {
      const { deps, setNow } = digestDeps(await testWorld());
      const answers = new Answers(deps);
      let kept = 0;
      const respond: Responder = async (request) => {
        const sent = answers.answer(request);
        if (!(sent instanceof Promise)) kept++;
        const { response, head } = await sent;
        const length =
          response.status === 204 ? [] : ['content-length', String(response.body.byteLength)];
        expect(head).toEqual([...Object.entries(response.headers).flat(), ...length]);
        return response;
      };
      const digest = await responseDigest(digestRequests(COUNT), setNow, respond);
      await expect(`${JSON.stringify(digest, null, 2)}\n`).toMatchFileSnapshot(PINNED);
      // Enough answers came from the kept ones to tell.
      expect(kept).toBeGreaterThan(3000);
    },
  );
});
