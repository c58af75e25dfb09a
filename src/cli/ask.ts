import type { HttpResponse } from '../core/http.js';
import type { Decoded, Origin } from '../core/observation.js';
import type { Query, Transport } from '../client/query.js';

/** What the top-level command prints from: the response, and what it means. */
export interface Answer {
  readonly response: HttpResponse;
  /** null for html, which is printed as it came. */
  readonly decoded: Decoded | null;
}

/** Asks once, closing the transport (and undici's sockets) after. */
export async function ask(
  connect: () => Promise<Transport>,
  query: Query,
): Promise<{ response: HttpResponse; target: string }> {
  const transport = await connect();
  try {
    return { response: await transport.get(query), target: transport.target };
  } finally {
    await transport.close?.();
  }
}

export function withOrigin(decoded: Decoded | null, origin: Origin): Decoded | null {
  return decoded && { ...decoded, origin };
}
