import { describe, expect, it } from 'vitest';
import { handle } from '../../src/server/handler.js';
import { digestDeps, digestRequests, responseDigest } from '../helpers/response-digest.js';
import { testWorld } from '../helpers/world.js';

/**
 * The bytes of the embedded implementation, pinned: 100,000 requests (test/helpers/response-digest.ts)
 * and a SHA-256 over every answer, stored in test/fixtures/response-digest.json. Making the server
 * faster must leave it unchanged; a change to the world model or a representation that is meant
 * to change the answers updates it with `npx vitest run test/e2e/response-digest.test.ts -u`.
 */
const COUNT = 100_000;

describe('responses to 100,000 requests', () => {
  it('are the pinned bytes', { timeout: 300_000 }, async () => {
    const { deps, setNow } = digestDeps(await testWorld());
    const digest = await responseDigest(digestRequests(COUNT), setNow, (request) =>
      handle(request, deps),
    );
    await expect(JSON.stringify(digest, null, 2) + '\n').toMatchFileSnapshot(
      '../fixtures/response-digest.json',
    );
  });
});
