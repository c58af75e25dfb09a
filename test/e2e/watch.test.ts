import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, createdKey, makeHome, ROOT, runCommand, serve } from '../helpers/cli.js';

/**
 * `weather --watch` as a user runs it: under a real pseudo-terminal (util-linux `script`), a frame
 * a second from the embedded model, then Ctrl-C typed on the terminal (the line discipline makes it
 * SIGINT): exit 0, the cursor shown again and the alternate screen left.
 */
const { home, remove } = makeHome();
afterAll(remove);

const ENTER = '\x1b[?1049h\x1b[?25l';
const LEAVE = '\x1b[?25h\x1b[?1049l';

/** Runs `command` under `script` and types Ctrl-C once stdout has `frames` frames. */
function untilCtrlC(
  command: string,
  frames: number,
): Promise<{ code: number | null; out: string }> {
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: cleanEnv(home, { TERM: 'xterm-256color' }),
    cwd: ROOT,
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const typing = setInterval(() => {
      if ((out.match(/Every 1s; observed/g) ?? []).length < frames) return;
      clearInterval(typing);
      child.stdin.write('\x03');
    }, 50);
    child.on('close', (code) => {
      clearTimeout(killer);
      clearInterval(typing);
      resolve({ code, out });
    });
  });
}

describe('--watch on a terminal', () => {
  it(
    'redraws until Ctrl-C, then exits 0 with the terminal restored',
    { timeout: 30_000 },
    async () => {
      // exec: the shell that script starts would die of the SIGINT itself, whatever weather does.
      const command = `exec ${process.execPath} ${BIN} --offline --lat 0 --lon 0 --watch 1s -f '{main.temp}'`;
      const { code, out } = await untilCtrlC(command, 2);
      expect([code, out.startsWith(ENTER)]).toEqual([0, true]);
      // After the last frame, only the restoring sequence (script echoes the ^C typed first).
      const tail = out.slice(out.lastIndexOf('Every 1s')).split('\r\n').slice(3).join('');
      expect(tail).toBe(`^C${LEAVE}`);
    },
  );
});

describe('--watch piped', () => {
  const NOW = '2026-06-21T12:00:00Z';
  const FRAME = 'Lambeth 17.84\n';
  /** `weather … --watch 1s -f …` read by `head -n 2`, which ends the watch by going away. */
  const twoFrames = (args: readonly string[]) =>
    runCommand(
      'sh',
      [
        '-c',
        `"$0" "$@" --lat 51.5 --lon -0.1 --watch 1s -f '{name} {main.temp}' | head -n 2`,
        process.execPath,
        BIN,
        ...args,
      ],
      { env: cleanEnv(home), timeoutMs: 20_000 },
    );

  it(
    'prints a line a second from weather serve and from --offline alike, and ends with its reader',
    { timeout: 30_000 },
    async () => {
      const server = await serve(home, ['--now', NOW]);
      try {
        const key = createdKey(server.stderr());
        const runs = await Promise.all([
          twoFrames(['--base-url', server.url, '--appid', key]),
          twoFrames(['--offline', '--now', NOW]),
        ]);
        for (const r of runs) {
          expect([r.code, r.stdout, r.stderr]).toEqual([0, FRAME.repeat(2), '']);
        }
      } finally {
        await server.stop();
      }
    },
  );
});
