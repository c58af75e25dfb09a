import type { Platform } from '../core/env.js';
import type { HandlerDeps } from '../server/handler.js';
import type { WorldOptions } from '../world/index.js';

/**
 * The embedded implementation's parts every command needs: the world (read from `data/`, or from
 * the single executable's assets) and the condition texts. Loaded on first use only: `--version`,
 * `config` and live calls never pay for them.
 */
export async function loadEmbedded(
  platform: Platform,
  options: WorldOptions = {},
): Promise<Pick<HandlerDeps, 'world' | 'texts'>> {
  const [{ loadWorld }, { loadConditionTexts }] = await Promise.all([
    import('../world/index.js'),
    import('../world/i18n/texts.js'),
  ]);
  return { world: await loadWorld(platform, options), texts: loadConditionTexts };
}
