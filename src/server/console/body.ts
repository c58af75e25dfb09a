import type { IncomingMessage } from 'node:http';

/** A console form is a few hundred bytes; anything much larger is not one of its forms. */
export const FORM_LIMIT_BYTES = 16 * 1024;

/** The request's body as UTF-8 text, or undefined once it passes the limit (the rest is dropped). */
export function readForm(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= FORM_LIMIT_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(size > FORM_LIMIT_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', () => resolve(undefined));
  });
}
