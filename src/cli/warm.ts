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

/** The query run while the snapshot is built: offline, in English, as the raw JSON. */
const WARM_ARGV = ['--offline', '--lat', '51.5', '--lon', '-0.1', '-o', 'raw'];

/**
 * Runs an offline query in this process with its output discarded, for the single executable's
 * startup snapshot: V8 keeps the compiled code of every function that ran while the snapshot was
 * built, so the executable's own queries compile little of it again.
 *
 * Nothing of the build may be left behind: the snapshot builder aborts on a native handle still
 * alive when it writes the heap (CheckGlobalAndEternalHandles), and a closed file handle of
 * node:fs/promises lives until a garbage collection that may or may not have come. So the data
 * comes from `readData`, which the caller makes read synchronously; the config and cache folders
 * do not exist (nothing read, nothing written); there is no terminal (chalk stays unloaded) and no
 * clock but a fixed one. Throws when the call fails, so that no executable ships warmed by an
 * error path instead.
 */
export async function warmOfflineQuery(
  readData: (name: string) => Promise<Uint8Array>,
): Promise<void> {
  const [{ main }, { forgetFormatters }] = await Promise.all([
    import('./main.js'),
    import('../world/timezone.js'),
  ]);
  let out = '';
  const write = (chunk: string | Uint8Array): void => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  };
  const code = await main(
    WARM_ARGV,
    {
      stdout: { write },
      stderr: { write },
      stdoutIsTTY: false,
      stderrIsTTY: false,
      columns: 80,
      env: { WEATHER_CONFIG_DIR: '/nonexistent/config', WEATHER_CACHE_DIR: '/nonexistent/cache' },
      now: () => Date.UTC(2026, 0, 1),
      untilSignal: () => new Promise<string>(() => undefined),
    },
    { readData },
  );
  // The query asked ICU for UTC offsets where data/zones.bin is of another tzdata version than
  // this node's (Node 22 with the table built on Node 20): the formatters kept for that would
  // each leave a native handle in the heap.
  forgetFormatters();
  if (code !== 0 || !out.includes('"cod":200')) {
    throw new Error(
      `weather ${WARM_ARGV.join(' ')} exited with ${code} while the snapshot was built:\n${out}`,
    );
  }
}
