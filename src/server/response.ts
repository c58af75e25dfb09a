import { XMLBuilder } from 'fast-xml-parser';
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
// which it depends on) is what the spec's representation is built with.
// eslint-disable-next-line @typescript-eslint/no-deprecated
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  suppressEmptyNode: false,
  processEntities: true,
});

/** An XML document with the declaration the live service sends, built (never concatenated). */
export function encodeXml(document: object): Buffer {
  const xml: string = builder.build({
    '?xml': { [`${ATTRIBUTE_PREFIX}version`]: '1.0', [`${ATTRIBUTE_PREFIX}encoding`]: 'UTF-8' },
    ...document,
  });
  return Buffer.from(xml, 'utf8');
}
