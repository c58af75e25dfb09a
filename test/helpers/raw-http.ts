import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 answer read off a socket: the status, headers by lower-case name, and the body. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A connection to 127.0.0.1:`port`, once it is open. */
export async function open(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/**
 * Everything the server sends on `socket` until it closes the connection, and how it closed it;
 * a connection still open after `ms` is a failure.
 */
export function received(
  socket: Socket,
  ms = 5_000,
): Promise<{ readonly text: string; readonly error: string | undefined }> {
  return new Promise((resolve, reject) => {
    let text = '';
    let error: string | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${ms} ms; got: ${text}`));
    }, ms);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, error });
    });
  });
}

/** Sends `request` as raw bytes on a new connection and returns all the server sent back. */
export async function exchange(port: number, request: string | Buffer): Promise<string> {
  const socket = await open(port);
  const done = received(socket);
  socket.write(request);
  return (await done).text;
}

/** Parses one whole answer; the Date header, which varies, is left out. */
export function parseAnswer(raw: string): RawAnswer {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`not an HTTP answer: ${JSON.stringify(raw)}`);
  const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1];
  if (status === undefined) throw new Error(`not a status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    if (name !== 'date') headers[name] = line.slice(colon + 1).trim();
  }
  return { status: Number(status), headers, body: raw.slice(split + 4) };
}
