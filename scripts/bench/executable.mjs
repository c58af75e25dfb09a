// The single executable the bench times: dist/weather-<platform>-<arch>, built by
// `npm run package` when it is missing or older than what goes into it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ASSETS } from '../package.mjs';
import { NODE, ROOT, run } from './processes.mjs';

const EXECUTABLE = join(ROOT, 'dist', `weather-${process.platform}-${process.arch}`);
/**
 * What the executable is made of: the sources, its build scripts, the data it carries (package.mjs
 * lists them), the lock file, node.
 */
const INPUTS = [
  'src',
  'scripts/package.mjs',
  'scripts/bundle.mjs',
  ...Object.values(ASSETS),
  'package-lock.json',
].map((path) => join(ROOT, path));

/** @param {string} path */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  /** @type {number} */
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/** @param {string} path */
function modified(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -Infinity;
  }
}

/**
 * The executable's path, or why it is not measured. `build` false: never build, only use one
 * that is up to date.
 * @param {boolean} build
 * @returns {string | { skipped: string }}
 */
export function executable(build) {
  const sources = Math.max(modified(NODE), ...INPUTS.map(newest));
  const built = modified(EXECUTABLE);
  if (built > sources) return EXECUTABLE;
  const state = built === -Infinity ? 'not built' : 'out of date';
  if (!build) return { skipped: `${state}; run npm run package` };
  process.stderr.write(`single executable ${state}: npm run package\n`);
  run(NODE, [join(ROOT, 'scripts/package.mjs')]);
  return EXECUTABLE;
}
