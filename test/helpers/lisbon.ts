import type { Answer } from './fault-server.js';
import { truth } from './fixtures.js';

/** A live answer for Lisbon from the real service, and a clock five minutes after it. */
export const KEY = 'feedfacefeedfacefeedfacefeedface';
export const LISBON = truth(
  'programmatordev_capture2026_current_lisbon_latlon_metric_success.json',
);
export const T0 = (1785573885 + 300) * 1000;
export const LISBON_OK: Answer = {
  status: 200,
  body: LISBON,
  headers: { 'content-type': 'application/json; charset=utf-8' },
};
