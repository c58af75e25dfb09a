import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Copies of ../shared/owm-truth (how the real service answers), kept with the tests. */
export const TRUTH_DIR = fileURLToPath(new URL('../fixtures/owm-truth/', import.meta.url));

export function truth(name: string): Buffer {
  return readFileSync(`${TRUTH_DIR}${name}`);
}

export function truthFiles(extension: string): string[] {
  return readdirSync(TRUTH_DIR)
    .filter((name) => name.endsWith(extension))
    .sort();
}

/** Rows of a tab-separated file, comment lines (#) dropped, header row first. */
export function tsv(name: string): string[][] {
  return truth(name)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

/**
 * A JSON capture of the live service as if it had just been observed: `dt` becomes `now` (seconds)
 * and sunrise and sunset move with it, so the client's plausibility checks accept it today.
 */
export function current(name: string, now = Date.now()): Buffer {
  const body = JSON.parse(truth(name).toString('utf8')) as {
    dt: number;
    sys?: { sunrise?: number; sunset?: number };
  };
  const shift = Math.round(now / 1000) - body.dt;
  body.dt += shift;
  if (body.sys?.sunrise) body.sys.sunrise += shift;
  if (body.sys?.sunset) body.sys.sunset += shift;
  return Buffer.from(JSON.stringify(body));
}
