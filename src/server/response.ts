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
let builder: Promise<Builder> | undefined;

function xmlBuilder(): Promise<Builder> {
  builder ??= import('fast-xml-parser').then(
    (xml) =>
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      new xml.XMLBuilder({
        ignoreAttributes: false,
        attributeNamePrefix: ATTRIBUTE_PREFIX,
        suppressEmptyNode: false,
        processEntities: true,
      }),
  );
  return builder;
}

/** An XML document with the declaration the live service sends, built (never concatenated). */
export async function encodeXml(document: object): Promise<Buffer> {
  const xml: string = (await xmlBuilder()).build({
    '?xml': { [`${ATTRIBUTE_PREFIX}version`]: '1.0', [`${ATTRIBUTE_PREFIX}encoding`]: 'UTF-8' },
    ...document,
  });
  return Buffer.from(xml, 'utf8');
}
