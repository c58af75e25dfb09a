import type { Mode } from '../core/units.js';
import type { XmlError } from '../core/wire-xml.js';
import type { HttpResponse } from '../core/http.js';
import { contentType, encodeXml } from './response.js';

/**
 * Error bodies as the live service writes them. `cod` is a number for 401 and 429 and a string for
 * 400 and 404, and the 401/429 bodies have their own spacing; clients compare these bytes.
 */
export const MESSAGES = {
  nothingToGeocode: 'Nothing to geocode',
  wrongLatitude: 'wrong latitude',
  wrongLongitude: 'wrong longitude',
  invalidKey: 'Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.',
  rateLimited:
    'Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price',
  notFound: 'Internal error: this server answers GET /data/2.5/weather only',
  methodNotAllowed: 'Internal error: method not allowed, use GET or HEAD',
  internal: 'Internal error',
  badTarget: 'Bad request: the request target is not a valid URL',
  // What Node's HTTP parser refuses before there is a request to hand to the handler.
  badRequest: 'Bad request: not a valid HTTP request',
  requestTimeout: 'Request timeout: the request did not arrive in time',
  headersTooLarge: 'Request header fields too large',
  formTooLarge: 'Payload too large: a console form is a few hundred bytes',
} as const;

function jsonErrorBody(status: number, message: string): string {
  if (status === 401 || status === 429) {
    return `{"cod":${status}, "message": ${JSON.stringify(message)}}`;
  }
  if (status >= 500) return JSON.stringify({ cod: status, message });
  return JSON.stringify({ cod: String(status), message });
}

/** An error in JSON: the representation of every mode but xml. */
export function jsonErrorResponse(
  status: number,
  message: string,
  extraHeaders: Readonly<Record<string, string>> = {},
): HttpResponse {
  return {
    status,
    headers: { 'content-type': contentType('json'), ...extraHeaders },
    body: Buffer.from(jsonErrorBody(status, message), 'utf8'),
  };
}

/**
 * An error in the representation the request asked for: XML (root `ClientError`) for mode=xml,
 * JSON otherwise; the live service answers html-mode errors in JSON too. XML after `loadXml()`.
 */
export function errorResponse(
  status: number,
  message: string,
  mode: Mode,
  extraHeaders: Readonly<Record<string, string>> = {},
): HttpResponse {
  if (mode !== 'xml') return jsonErrorResponse(status, message, extraHeaders);
  return {
    status,
    headers: { 'content-type': contentType('xml'), ...extraHeaders },
    body: encodeXml({ ClientError: { cod: status, message } satisfies XmlError }),
  };
}
