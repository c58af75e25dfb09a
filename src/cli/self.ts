import { spawn } from 'node:child_process';
import type { Env, Platform } from '../core/env.js';

/**
 * How an entry point starts itself again: `node [node options] <script>` for the npm build, the
 * executable alone for the single executable (it takes no script). The child is detached, has no
 * terminal (stdin, stdout and stderr go nowhere) and is not waited for.
 */
export function startsItself(leading: readonly string[]): NonNullable<Platform['startSelf']> {
  return (args: readonly string[], env: Env) => {
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
