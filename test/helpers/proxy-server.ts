import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** What the proxy saw: the request line's target and the credentials it was given. */
export interface Proxied {
  readonly method: string;
  readonly target: string;
  readonly authorization: string | undefined;
}

/** Forward everything, or refuse everything with this status (as a proxy's own answer). */
export type ProxyMode = 'forward' | { readonly status: number; readonly body?: string };

export interface TestProxy {
  /** http://127.0.0.1:port */
  readonly url: string;
  /** 127.0.0.1:port */
  readonly where: string;
  readonly seen: Proxied[];
  mode: ProxyMode;
  /** Connections from clients still open. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A forwarding HTTP proxy on 127.0.0.1 for tests: absolute-form requests are forwarded, CONNECT
 * opens a tunnel; or, in a refusing mode, every request and every CONNECT gets the given status.
 */
export async function startProxy(mode: ProxyMode = 'forward'): Promise<TestProxy> {
  const sockets = new Set<Socket>();
  const seen: Proxied[] = [];
  const state: { mode: ProxyMode } = { mode };
  const server: Server = createServer((incoming, outgoing) => {
    seen.push({
      method: incoming.method ?? '',
      target: incoming.url ?? '',
      authorization: incoming.headers['proxy-authorization'],
    });
    const current = state.mode;
    if (current !== 'forward') {
      outgoing.writeHead(current.status, { 'content-type': 'text/html' });
      outgoing.end(current.body ?? '<html><body>Access denied</body></html>');
      return;
    }
    const headers = { ...incoming.headers };
    delete headers['proxy-authorization'];
    const forward = request(incoming.url ?? '', { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  server.on('connect', (incoming, socket: Socket, head: Buffer) => {
    seen.push({
      method: 'CONNECT',
      target: incoming.url ?? '',
      authorization: incoming.headers['proxy-authorization'],
    });
    const current = state.mode;
    if (current !== 'forward') {
      socket.end(`HTTP/1.1 ${current.status} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const [host = '', port = '443'] = (incoming.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const where = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `http://${where}`,
    where,
    seen,
    get mode() {
      return state.mode;
    },
    set mode(next) {
      state.mode = next;
    },
    connections: () => sockets.size,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
