import { highlandElevationM } from './regions.js';
import type { PlaceIndex } from './places.js';

/**
 * Ground under a coordinate, inferred from the places around it: there is no elevation model or
 * land mask in the project, but 200k places with their elevations are a coarse one. Places within
 * RADIUS_KM are averaged with weights that fall to zero at the radius, so the result changes
 * smoothly as the coordinate moves and places enter or leave the circle.
 */
const RADIUS_KM = 40;
/** Keeps one place from dominating when the coordinate is right on it: 5 km, a town's size. */
const SOFTENING_KM = 5;
/**
 * The weight of "no place": equal to that of one place 25 km away, so about 25 km from the last
 * place the ground counts as half land, and the fallback (sea level, or a known ice sheet or
 * plateau) takes over beyond.
 */
const NOWHERE_WEIGHT = weight(25);

function weight(distanceKm: number): number {
  const fade = 1 - distanceKm / RADIUS_KM;
  return (fade * fade) / ((distanceKm + SOFTENING_KM) * (distanceKm + SOFTENING_KM));
}

export interface Terrain {
  /** Metres above sea level. */
  readonly elevationM: number;
  /** 0 open sea or empty land … 1 among settlements. */
  readonly settled: number;
}

export function terrainAt(places: PlaceIndex, lat: number, lon: number): Terrain {
  let total = 0;
  let weighted = 0;
  places.forEachWithin(lat, lon, RADIUS_KM, (distanceKm, elevationM) => {
    const w = weight(distanceKm);
    total += w;
    weighted += w * elevationM;
  });
  const fallback = highlandElevationM(lat, lon);
  const sum = total + NOWHERE_WEIGHT;
  return {
    elevationM: (weighted + NOWHERE_WEIGHT * fallback) / sum,
    settled: total / sum,
  };
}
