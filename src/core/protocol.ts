/**
 * Facts of the Current Weather API 2.5 that both sides of the wire rely on: the server that
 * implements it and the client that calls it.
 */

/** Path of the endpoint under the base URL. */
export const WEATHER_ENDPOINT = 'weather';

/** The base path the live service serves it under, and `weather serve` too. */
export const API_BASE_PATH = '/data/2.5';

/** GET {API_BASE_PATH}/{WEATHER_ENDPOINT}. */
export const WEATHER_PATH = `${API_BASE_PATH}/${WEATHER_ENDPOINT}`;

/** The spec tells clients to wait at least a minute after a 429, whatever Retry-After says. */
export const MIN_RETRY_AFTER_SECONDS = 60;

/** The live service recomputes observations about every ten minutes; the model does exactly. */
export const OBSERVATION_CYCLE_SECONDS = 600;

/**
 * What every `mode=html` widget of the live service has carried since 2016, and the embedded
 * implementation's too: the temperature's title. An HTML page without it (a captive portal, a
 * login page) is not the API's answer.
 */
export const HTML_WIDGET_MARK = 'title="Current Temperature"';

/**
 * Request headers `weather serve --allow-test-headers` honours, for clients' test suites: a fault
 * to inject into this answer (one of the kinds `--faults` takes), and the model's clock for this
 * request (ISO 8601 or Unix seconds, as `--now`). Without the flag they are ignored, as the live
 * service ignores them.
 */
export const FAULT_HEADER = 'x-weather-fault';
export const NOW_HEADER = 'x-weather-now';

/** Where `weather serve` serves the account console (the spec's key status toggle). */
export const CONSOLE_PATH = '/console';
