import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function age(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -Infinity;
  }
}

/**
 * The e2e tests run bin/weather.js, which needs dist/ and data/ built from the current source:
 * built unless both are newer than every source, script and manifest.
 */
export default function setup(): void {
  const sources = Math.max(
    ...['src', 'scripts', 'package.json', 'package-lock.json'].map((p) => newest(join(ROOT, p))),
  );
  const built = Math.min(
    ...[
      'dist/weather.cjs',
      'data/places.bin',
      'data/names.bin',
      'data/zones.bin',
      'data/local-names.bin',
    ].map((p) => age(join(ROOT, p))),
  );
  if (built > sources) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: ROOT });
}
