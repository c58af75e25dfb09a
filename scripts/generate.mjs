// Writes the files derived from the command definitions: shell completions, the man page and the
// README's tables of exit codes, environment variables and settings. `--check` writes nothing and
// exits 1 when a committed file differs from what would be written. The generators are
// TypeScript, so this bundles src/cli/completion/outputs.ts with esbuild and imports the bundle
// from memory (scripts/bundle.mjs), with the same options as the CLI's bundle.
import { importBundled } from './bundle.mjs';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const root = fileURLToPath(new URL('..', import.meta.url));
const README = 'README.md';

/** @returns {Promise<typeof import('../src/cli/completion/outputs.js')>} */
function outputs() {
  return importBundled('src/cli/completion/outputs.ts');
}

/**
 * The README with every `<!-- generated:NAME -->` … `<!-- /generated:NAME -->` section replaced by
 * its table, formatted by prettier as `npm run format` would.
 * @param {string} text
 * @param {Readonly<Record<string, string>>} sections
 */
async function readmeWith(text, sections) {
  let result = text;
  for (const [name, table] of Object.entries(sections)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const start = result.indexOf(open);
    const end = result.indexOf(close);
    if (start < 0 || end < start) throw new Error(`${README} has no ${open} … ${close} section`);
    result = `${result.slice(0, start + open.length)}\n\n${table}\n\n${result.slice(end)}`;
  }
  const options = (await resolveConfig(join(root, README))) ?? {};
  return format(result, { ...options, filepath: join(root, README) });
}

export async function generatedFiles() {
  const generators = await outputs();
  const readme = read(join(root, README)) ?? '';
  return [
    ...generators.generatedFiles(),
    { path: README, text: await readmeWith(readme, generators.readmeSections()) },
  ];
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
