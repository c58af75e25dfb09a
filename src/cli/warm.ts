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

/**
 * Runs an offline query in this process with its output discarded, for the single executable's
 * startup snapshot: V8 keeps the compiled code of every function that ran while the snapshot was
 * built, so the executable's own queries then compile little of it again (an offline call took
 * about a seventh less time). Only a call that leaves nothing of the build behind runs: offline,
 * in English, as raw JSON, with a config folder that does not exist (nothing read, nothing
 * written), no terminal (chalk stays unloaded) and no Intl object kept. Throws when the call
 * fails, so that no executable ships warmed by an error path instead.
 */
export async function warmOfflineQuery(
  readData: (name: string) => Promise<Uint8Array>,
): Promise<void> {
  const { main } = await import('./main.js');
  let out = '';
  const argv = ['--offline', '--lat', '51.5', '--lon', '-0.1', '-o', 'raw'];
  const code = await main(
    argv,
    {
      stdout: { write: (chunk) => void (out += String(chunk)) },
      stderr: { write: (chunk) => void (out += String(chunk)) },
      stdoutIsTTY: false,
      stderrIsTTY: false,
      columns: 80,
      env: { WEATHER_CONFIG_DIR: '/nonexistent/config', WEATHER_CACHE_DIR: '/nonexistent/cache' },
      now: () => Date.now(),
      untilSignal: () => new Promise<string>(() => undefined),
    },
    { readData },
  );
  if (code !== 0 || !out.includes('"cod":200')) {
    throw new Error(
      `weather ${argv.join(' ')} exited with ${code} while the snapshot was built:\n${out}`,
    );
  }
}
