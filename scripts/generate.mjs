// Writes the files derived from the command definitions: shell completions and the man page.
// `--check` writes nothing and exits 1 when a committed file differs from what would be written.
// The generators are TypeScript, so this bundles src/cli/completion/outputs.ts with esbuild and
// imports the bundle from memory (scripts/bundle.mjs), with the same options as the CLI's bundle.
import { importBundled } from './bundle.mjs';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function generatedFiles() {
  /** @type {typeof import('../src/cli/completion/outputs.js')} */
  const outputs = await importBundled('src/cli/completion/outputs.ts');
  return outputs.generatedFiles();
}

/** @param {string} path */
function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** @param {boolean} check `--check`: compare only */
async function run(check) {
  const stale = [];
  for (const { path, text } of await generatedFiles()) {
    const target = join(root, path);
    if (read(target) === text) continue;
    stale.push(path);
    if (!check) {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  }
  if (check && stale.length > 0) {
    console.error(`stale generated files (run \`npm run generate\`):\n  ${stale.join('\n  ')}`);
    process.exitCode = 1;
  } else if (!check) {
    console.log(stale.length > 0 ? `wrote ${stale.join(', ')}` : 'generated files are up to date');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await run(process.argv.includes('--check'));
}
