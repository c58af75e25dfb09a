/**
 * Whether the sun stays up or down all day at a latitude on a date, for responses that give 0 for
 * both sunrise and sunset. The declination comes from Cooper's approximation (within about half a
 * degree); where that half degree could decide, the answer is `undefined`: the times are unknown.
 */
export type Polar = 'day' | 'night';

/** The sun's centre is 0.833° below the horizon at sunrise (refraction and its radius). */
const HORIZON = -0.833;
const MARGIN = 0.5;

function declination(unixSeconds: number): number {
  const start = Date.UTC(new Date(unixSeconds * 1000).getUTCFullYear(), 0, 1) / 1000;
  const day = Math.floor((unixSeconds - start) / 86400) + 1;
  return 23.44 * Math.sin(((2 * Math.PI) / 365) * (284 + day));
}

export function polarState(latitude: number, unixSeconds: number): Polar | undefined {
  const delta = declination(unixSeconds);
  // The sun's lowest altitude at noon's opposite (midnight) and highest at noon.
  const lowest = Math.abs(latitude + delta) - 90;
  const highest = 90 - Math.abs(latitude - delta);
  if (lowest > HORIZON + MARGIN) return 'day';
  if (highest < HORIZON - MARGIN) return 'night';
  return undefined;
}
