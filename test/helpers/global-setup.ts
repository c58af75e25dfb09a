import { execFileSync } from 'node:child_process';

/** The e2e tests run bin/weather.js, which needs dist/ and data/ built from the current source. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
