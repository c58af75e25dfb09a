// What the scripts share to run the TypeScript in src/ with esbuild: the bundle options of the
// CLI, and bundling a module in memory to import it from a script (Node 20 cannot run .ts).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** @type {{ version: string }} */
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/**
 * What every bundle of the CLI shares: Node 20, everything bundled, the version baked in.
 * @satisfies {import('esbuild').BuildOptions}
 */
export const BUNDLE_DEFAULTS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  define: { __WEATHER_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

/**
 * Bundled CommonJS packages call require(); give an ESM bundle one, anchored at `url`.
 * @param {string} url a JavaScript expression for a file URL
 */
export function requireBanner(url) {
  return `import { createRequire as __weatherRequire } from 'node:module'; const require = __weatherRequire(${url});`;
}

/**
 * Bundles the TypeScript module `entry` (a path from the repository's root) in memory and imports
 * it. The caller names the module's type, e.g. `typeof import('../src/x.js')`.
 * @template T
 * @param {string} entry
 * @returns {Promise<T>}
 */
export async function importBundled(entry) {
  const result = await build({
    ...BUNDLE_DEFAULTS,
    entryPoints: [join(root, entry)],
    format: 'esm',
    write: false,
    // A data: URL has no file location of its own, so anchor require at the repository.
    banner: { js: requireBanner(JSON.stringify(pathToFileURL(join(root, 'package.json')).href)) },
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no bundle of ${entry}`);
  return import(`data:text/javascript;base64,${Buffer.from(output.text).toString('base64')}`);
}
