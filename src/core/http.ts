/**
 * One HTTP exchange with the API, as both sides see it: the embedded implementation answers an
 * HttpRequest with an HttpResponse, in process or behind `weather serve`; the client's transports
 * hand an HttpResponse to the decoders whichever way it came.
 */
export interface HttpRequest {
  readonly method: string;
  /** Path and query, as on the request line (`/data/2.5/weather?lat=…`). */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

export interface HttpResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** Something that answers requests: the embedded implementation's handler, bound to its world. */
export type Handler = (request: HttpRequest) => Promise<HttpResponse>;
