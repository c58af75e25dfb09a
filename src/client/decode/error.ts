import { isObject } from './fields.js';
import { stripControl } from './fields.js';

export interface ErrorObject {
  /** `cod` as a number, whether the body typed it as a number or a string. */
  readonly cod: number | undefined;
  readonly message: string;
}

function codOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/**
 * The error object of a failed response: JSON `{cod, message}` in any mode, or XML with root
 * `ClientError` (the spec) or `Error` (also seen live). Undefined when the body is neither.
 * The XML parser is loaded only for a body that may be XML.
 */
export async function decodeErrorObject(body: Uint8Array): Promise<ErrorObject | undefined> {
  const text = Buffer.from(body).toString('utf8').trim();
  if (text.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text);
      if (isObject(value) && typeof value.message === 'string') {
        return { cod: codOf(value.cod), message: stripControl(value.message) };
      }
    } catch {
      return undefined;
    }
    return undefined;
  }
  if (!text.startsWith('<')) return undefined;
  const { parseXml } = await import('./xml.js');
  try {
    const document = parseXml(body);
    const root = document.ClientError ?? document.Error;
    if (isObject(root) && typeof root.message === 'string') {
      return { cod: codOf(root.cod), message: stripControl(root.message.trim()) };
    }
  } catch {
    return undefined;
  }
  return undefined;
}
