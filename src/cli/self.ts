import type { Env, Platform } from '../core/env.js';

/**
 * How an entry point starts itself again: `node [node options] <script>` for the npm build, the
 * executable alone for the single executable (it takes no script). The child is detached, has no
 * terminal (stdin, stdout and stderr go nowhere) and is not waited for.
 */
export function startsItself(leading: readonly string[]): NonNullable<Platform['startSelf']> {
  return (args: readonly string[], env: Env) => {
    // Loaded here, not at import: node:child_process brings node:net along, and almost no run
    // starts itself.
    const { spawn } = process.getBuiltinModule('node:child_process');
    const child = spawn(process.execPath, [...leading, ...args], {
      detached: true,
      stdio: 'ignore',
      windowsHide: true,
      env: Object.fromEntries(
        Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    });
    // A child that cannot start only means no refresh this time.
    child.on('error', () => undefined);
    child.unref();
  };
}
