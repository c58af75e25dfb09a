import { createHash } from 'node:crypto';
import type { HttpResponse } from '../core/http.js';
import { asObject, parseJsonObject } from '../core/json-object.js';
import { SOURCE_HEADER } from '../core/observation.js';

/**
 * One cached response in a file: a line naming the format, a line of JSON with when it was
 * fetched, its status, the headers the decoders read, and the body's length and SHA-256, then
 * the body's bytes as they came. A file that does not check out (truncated by a crash or a full
 * disk, or damaged) is no entry at all: it is ignored, and replaced by the next good response.
 */
export interface CachedResponse {
  /** ms since the epoch */
  readonly fetchedAt: number;
  readonly response: HttpResponse;
}

const MAGIC = 'weather-cache 1\n';

/** What decoding needs besides the body: html is checked by type, the model's answers are marked. */
const KEPT_HEADERS = ['content-type', SOURCE_HEADER] as const;

interface Header {
  readonly fetchedAt: number;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly length: number;
  readonly sha256: string;
}

function digest(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

export function encodeEntry({ fetchedAt, response }: CachedResponse): Buffer {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const header: Header = {
    fetchedAt,
    status: response.status,
    headers,
    length: response.body.byteLength,
    sha256: digest(response.body),
  };
  return Buffer.concat([Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`), response.body]);
}

function keptHeaders(value: unknown): Record<string, string> | undefined {
  const fields = asObject(value);
  if (!fields) return undefined;
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const text = fields[name];
    if (typeof text === 'string') kept[name] = text;
    else if (text !== undefined) return undefined;
  }
  return kept;
}

function parseHeader(text: string): Header | undefined {
  const value = parseJsonObject(text);
  if (!value) return undefined;
  const { fetchedAt, status, length, sha256, headers: stored } = value;
  const headers = keptHeaders(stored);
  if (
    typeof fetchedAt !== 'number' ||
    !Number.isFinite(fetchedAt) ||
    typeof status !== 'number' ||
    typeof length !== 'number' ||
    typeof sha256 !== 'string' ||
    headers === undefined
  ) {
    return undefined;
  }
  return { fetchedAt, status, headers, length, sha256 };
}

export function decodeEntry(bytes: Buffer): CachedResponse | undefined {
  if (!bytes.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) return undefined;
  const end = bytes.indexOf(0x0a, MAGIC.length);
  if (end < 0) return undefined;
  const header = parseHeader(bytes.subarray(MAGIC.length, end).toString('utf8'));
  const body = bytes.subarray(end + 1);
  if (!header || body.byteLength !== header.length || digest(body) !== header.sha256) {
    return undefined;
  }
  return {
    fetchedAt: header.fetchedAt,
    response: { status: header.status, headers: header.headers, body },
  };
}
