import { XMLBuilder } from 'fast-xml-parser';
import type { Mode } from '../core/units.js';

export interface ApiRequest {
  readonly method: string;
  /** Path and query, as on the request line (`/data/2.5/weather?lat=…`). */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

export interface ApiResponse {
  readonly status: number;
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

const CONTENT_TYPES: Readonly<Record<Mode, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

export function contentType(mode: Mode): string {
  return CONTENT_TYPES[mode];
}

// fast-xml-parser is the project's XML library; its XMLBuilder (a re-export of fast-xml-builder,
// which it depends on) is what the spec's representation is built with.
// eslint-disable-next-line @typescript-eslint/no-deprecated
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: false,
  processEntities: true,
});

/** An XML document with the declaration the live service sends, built (never concatenated). */
export function encodeXml(document: Record<string, unknown>): Buffer {
  const xml: string = builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    ...document,
  });
  return Buffer.from(xml, 'utf8');
}
