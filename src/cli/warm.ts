/**
 * Evaluates the modules every query runs (the current command, the embedded server's handler, the
 * world model's code without its data, the live client and the cache a live call looks in, with
 * node:crypto, which names its files), for the single executable's startup snapshot (src/sea.ts).
 * The renderers are left out: chalk decides on colour when it loads, from the terminal it finds,
 * and the snapshot is built where there is none. node:http cannot be held by a snapshot in Node 20.
 */
export async function loadQueryModules(): Promise<void> {
  await Promise.all([
    import('./commands/current.js'),
    import('../server/handler.js'),
    import('../world/index.js'),
    import('../world/i18n/texts.js'),
    import('../client/live.js'),
    import('./memory.js'),
  ]);
}
