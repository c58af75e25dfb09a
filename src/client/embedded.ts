import { queryString, type HttpResponse, type Query, type Transport } from './query.js';

/**
 * The embedded implementation, called in-process: the same handler `weather serve` runs, with no
 * socket in between. Every key is accepted and there is no rate limit: this is the user's own
 * machine answering the user.
 */
export function createEmbeddedTransport(options: {
  now: () => number;
  readData?: (name: string) => Promise<Uint8Array>;
}): Transport {
  return {
    target: 'the embedded implementation',
    async get(query: Query): Promise<HttpResponse> {
      const [{ handle, WEATHER_PATH }, { loadWorld }, { loadConditionTexts }] = await Promise.all([
        import('../server/handler.js'),
        import('../world/index.js'),
        import('../world/i18n/texts.js'),
      ]);
      const world = await loadWorld(options.readData ? { readData: options.readData } : {});
      return handle(
        { method: 'GET', url: `${WEATHER_PATH}?${queryString(query)}`, headers: {} },
        {
          world,
          keys: { status: () => 'active' },
          now: options.now,
          texts: loadConditionTexts,
        },
      );
    },
  };
}
