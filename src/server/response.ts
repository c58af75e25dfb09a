import type { XMLBuilder } from 'fast-xml-parser';
import type { Mode } from '../core/units.js';
import { ATTRIBUTE_PREFIX } from '../core/wire-xml.js';

const CONTENT_TYPES: Readonly<Record<Mode, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

export function contentType(mode: Mode): string {
  return CONTENT_TYPES[mode];
}

// fast-xml-parser is the project's XML library; its XMLBuilder (a re-export of fast-xml-builder,
// which it depends on) is what the spec's representation is built with. It is loaded on first
// use: most answers are JSON, and `weather --offline` should not pay for it.
// eslint-disable-next-line @typescript-eslint/no-deprecated
type Builder = XMLBuilder;
let builder: Builder | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the XML builder; every path that may answer in XML awaits this first (the handler does,
 * for mode=xml), so the encoding itself stays synchronous for answers kept by the server.
 */
export function loadXml(): Promise<void> {
  loading ??= import('fast-xml-parser').then((xml) => {
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    builder = new xml.XMLBuilder({
      ignoreAttributes: false,
      attributeNamePrefix: ATTRIBUTE_PREFIX,
      suppressEmptyNode: false,
      processEntities: true,
    });
  });
  return loading;
}

/**
 * An XML document with the declaration the live service sends, built (never concatenated).
 * Only after `loadXml()` has settled.
 */
export function encodeXml(document: object): Buffer {
  if (!builder) throw new Error('encodeXml before loadXml');
  const xml: string = builder.build({
    '?xml': { [`${ATTRIBUTE_PREFIX}version`]: '1.0', [`${ATTRIBUTE_PREFIX}encoding`]: 'UTF-8' },
    ...document,
  });
  return Buffer.from(xml, 'utf8');
}
