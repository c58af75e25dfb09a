import { describe, expect, it } from 'vitest';
import { createBufferedLog } from '../../../src/server/buffered-log.js';

/** A sink that records its chunks and hands each over only when `release` is called. */
function slowSink(): {
  chunks: string[];
  release: () => void;
  sink: (chunk: string) => Promise<void>;
} {
  const chunks: string[] = [];
  let waiting: (() => void)[] = [];
  return {
    chunks,
    release: () => {
      const now = waiting;
      waiting = [];
      for (const resolve of now) resolve();
    },
    sink: (chunk) => {
      chunks.push(chunk);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('createBufferedLog', () => {
  it('writes the lines of one turn of the event loop in one chunk, in order', async () => {
    const chunks: string[] = [];
    const log = createBufferedLog((chunk) => {
      chunks.push(chunk);
      return Promise.resolve();
    });
    log.line('one');
    log.line('two');
    expect(chunks).toEqual([]);
    await turn();
    log.line('three');
    await log.flush();
    expect(chunks).toEqual(['one\ntwo\n', 'three\n']);
  });

  it('never has two writes out at once: lines queue while one is out', async () => {
    const { chunks, release, sink } = slowSink();
    const log = createBufferedLog(sink);
    log.line('a');
    await turn();
    log.line('b');
    log.line('c');
    await turn();
    expect(chunks).toEqual(['a\n']);
    const flushed = log.flush();
    release();
    await turn();
    release();
    await flushed;
    expect(chunks).toEqual(['a\n', 'b\nc\n']);
  });

  it('leaves out lines beyond its bound while the reader lags, then says how many', async () => {
    const { chunks, release, sink } = slowSink();
    const log = createBufferedLog(sink, 8);
    log.line('a');
    await turn();
    for (const text of ['bbb', 'ccc', 'ddd', 'eee']) log.line(text);
    release();
    await turn();
    log.line('f');
    const flushed = log.flush();
    release();
    await turn();
    release();
    await flushed;
    expect(chunks).toEqual([
      'a\n',
      'bbb\nccc\n',
      'weather: the access log fell behind its reader; 2 lines were left out\nf\n',
    ]);
  });

  it('keeps writing after a write fails', async () => {
    const chunks: string[] = [];
    let fail = true;
    const log = createBufferedLog((chunk) => {
      chunks.push(chunk);
      const result = fail ? Promise.reject(new Error('EPIPE')) : Promise.resolve();
      fail = false;
      return result;
    });
    log.line('lost');
    await log.flush();
    log.line('kept');
    await log.flush();
    expect(chunks).toEqual(['lost\n', 'kept\n']);
  });

  it('resolves flush at once when nothing is queued', async () => {
    const log = createBufferedLog(() => Promise.reject(new Error('never called')));
    await expect(log.flush()).resolves.toBeUndefined();
  });

  it('counts each line with its newline against the bound', async () => {
    const { chunks, release, sink } = slowSink();
    const log = createBufferedLog(sink, 8);
    log.line('a');
    await turn();
    // 4 bytes queued, and 5 more would make 9.
    log.line('bbb');
    log.line('cccc');
    const flushed = log.flush();
    release();
    await turn();
    release();
    await flushed;
    expect(chunks).toEqual([
      'a\n',
      'bbb\nweather: the access log fell behind its reader; 1 line was left out\n',
    ]);
  });

  it('does not split the lines of a turn when flushed in the middle of it', async () => {
    const chunks: string[] = [];
    const log = createBufferedLog((chunk) => {
      chunks.push(chunk);
      return Promise.resolve();
    });
    log.line('one');
    const flushed = log.flush();
    log.line('two');
    await flushed;
    expect(chunks).toEqual(['one\ntwo\n']);
  });
});
