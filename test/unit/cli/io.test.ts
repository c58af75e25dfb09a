import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { guardStderr, guardStdout } from '../../../src/cli/io.js';
import { main } from '../../../src/cli/main.js';
import { OutputError } from '../../../src/core/errors.js';
import { testIO } from '../../helpers/io.js';
import { TEST_PLATFORM } from '../../helpers/world.js';

/** A stream that fails every write with `code`, as a full disk or a closed pipe does. */
function failing(code: string): Writable & { attempts: number } {
  const stream = Object.assign(
    new Writable({
      write(_chunk, _encoding, callback) {
        stream.attempts++;
        callback(Object.assign(new Error(`${code}: write failed`), { code }));
      },
    }),
    { attempts: 0 },
  );
  return stream;
}

const FULL = new OutputError('cannot write the output: no space left on device (ENOSPC)');

describe('guardStdout', () => {
  it('turns a failed write into an OutputError, from settle and from the next write', async () => {
    const stream = failing('ENOSPC');
    const out = guardStdout(stream);
    out.write('first');
    await expect(out.settle()).rejects.toEqual(FULL);
    expect(() => out.write('second')).toThrow(FULL);
    expect(stream.attempts).toBe(1);
  });

  it('drops everything after a reader went away (EPIPE), silently', async () => {
    const stream = failing('EPIPE');
    const out = guardStdout(stream);
    out.write('first');
    await out.settle();
    out.write('second');
    await out.settle();
    expect(stream.attempts).toBe(1);
  });
});

describe('guardStderr', () => {
  it('never throws, and stops writing once a write failed', async () => {
    const stream = failing('ENOSPC');
    const err = guardStderr(stream);
    err.write('first');
    await new Promise((resolve) => setImmediate(resolve));
    err.write('second');
    expect(stream.attempts).toBe(1);
  });
});

describe('output that cannot be written', () => {
  it.each([
    [['--lat', '1', '--lon', '2', '--offline', '--now', '0']],
    [['--help']],
    [['config', 'path']],
  ])('%j exits 9 with one line on stderr', async (argv) => {
    const io = testIO({ env: { WEATHER_CONFIG_DIR: '/nonexistent/weather' } });
    const stdout = guardStdout(failing('ENOSPC'));
    const code = await main(argv, { ...io, stdout, settle: () => stdout.settle() }, TEST_PLATFORM);
    expect([code, io.err()]).toEqual([
      9,
      'weather: cannot write the output: no space left on device (ENOSPC)\n',
    ]);
  });

  it('keeps the code of a run that failed anyway', async () => {
    const io = testIO();
    const stdout = guardStdout(failing('ENOSPC'));
    const code = await main(['--lat', '91'], { ...io, stdout, settle: () => stdout.settle() });
    expect([code, io.err()]).toEqual([
      2,
      'weather: --lat must be a number from -90 to 90, got "91"\n',
    ]);
  });
});
