// Writes the files derived from the command definitions: shell completions and the man page.
// `--check` writes nothing and exits 1 when a committed file differs from what would be written.
// The generators are TypeScript, so this bundles src/cli/completion/outputs.ts with esbuild and
// imports the bundle from memory, with the same options as scripts/build.mjs.
import { build } from 'esbuild';
import { BUNDLE_DEFAULTS, requireBanner } from './build.mjs';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function generatedFiles() {
  const result = await build({
    ...BUNDLE_DEFAULTS,
    entryPoints: [join(root, 'src/cli/completion/outputs.ts')],
    format: 'esm',
    write: false,
    // A data: URL has no file location of its own, so anchor require at the repository.
    banner: { js: requireBanner(JSON.stringify(pathToFileURL(join(root, 'package.json')).href)) },
  });
  const code = result.outputFiles[0].text;
  const module = await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  );
  return module.generatedFiles();
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

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
