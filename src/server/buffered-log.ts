/**
 * The access log of a busy server, written in batches: lines queue in memory and go out together
 * once per turn of the event loop, one write at a time, so a server answering thousands of
 * requests a second makes a few writes instead of one per request, and never waits for whoever
 * reads its log. When the reader falls so far behind that MAX_PENDING_BYTES are queued, further
 * lines are left out and counted, and a line says how many once there is room again.
 */
export interface BufferedLog {
  /** Queues one line (without its newline). */
  line(text: string): void;
  /** Resolves once every line queued so far has been written (or its write has failed). */
  flush(): Promise<void>;
}

/** Writes a chunk; resolves once it is handed over, whether or not that succeeded. */
export type LogSink = (chunk: string) => Promise<void>;

export const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export function createBufferedLog(sink: LogSink, maxPendingBytes = MAX_PENDING_BYTES): BufferedLog {
  let pending: string[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  let scheduled = false;
  let writing: Promise<void> | undefined;
  let idle: (() => void)[] = [];

  const queue = (text: string): void => {
    pending.push(text);
    pendingBytes += text.length + 1;
  };

  const noteDropped = (): void => {
    if (dropped === 0) return;
    const lines = dropped === 1 ? '1 line was' : `${dropped} lines were`;
    queue(`weather: the access log fell behind its reader; ${lines} left out`);
    dropped = 0;
  };

  const drain = (): void => {
    scheduled = false;
    if (writing !== undefined) return;
    if (pending.length === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
      return;
    }
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    pendingBytes = 0;
    writing = sink(chunk)
      .catch(() => undefined)
      .then(() => {
        writing = undefined;
        drain();
      });
  };

  const schedule = (): void => {
    if (scheduled || writing !== undefined) return;
    scheduled = true;
    setImmediate(drain);
  };

  return {
    line(text) {
      if (pendingBytes + text.length + 1 > maxPendingBytes) {
        dropped++;
        return;
      }
      noteDropped();
      queue(text);
      schedule();
    },
    flush() {
      noteDropped();
      return new Promise((resolve) => {
        idle.push(resolve);
        if (writing === undefined && !scheduled) drain();
      });
    },
  };
}
