// A process that takes a lock the way weather does and writes to a log while it holds it, for
// test/e2e/locks.test.ts: `node lock-holder.mjs <file> <log> <go>`. It says "ready" on stdout,
// waits until <go> exists (so that all holders try at the same moment), then takes <file>.lock.
import { appendFileSync, existsSync } from 'node:fs';
import { withLockSync } from '../../src/core/lock-wait.js';

const [file = '', log = '', go = ''] = process.argv.slice(2);
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

process.stdout.write('ready\n', () => {
  while (!existsSync(go)) pause(1);
  withLockSync(
    file,
    () => {
      appendFileSync(log, `${process.pid} in\n`);
      pause(5);
      appendFileSync(log, `${process.pid} out\n`);
    },
    { timeoutMs: 30_000 },
  );
});
