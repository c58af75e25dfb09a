import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point one way (docs ARCHITECTURE): a layer may import itself and the layers listed
 * for it, never one above. `core` imports nothing of ours; `render` and `client` never reach the
 * server or the world; only `cli` wires everything together.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  world: ['core'],
  keys: ['core'],
  config: ['core'],
  render: ['core'],
  client: ['core'],
  cache: ['core'],
  places: ['core'],
  server: ['core', 'world', 'keys'],
  cli: ['core', 'world', 'keys', 'config', 'render', 'client', 'cache', 'server', 'places'],
  // The single executable's entry point.
  'sea.ts': ['cli', 'core'],
};

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function layerOf(path: string): string {
  return relative(SRC, path).split('/')[0] ?? '';
}

/** Every relative specifier a file imports, statically or lazily. */
function imports(source: string): string[] {
  const found = source.matchAll(/(?:from|import)\s*\(?\s*['"`](\.{1,2}\/[^'"`$]+)['"`]/g);
  return [...found].map((match) => match[1] ?? '');
}

export function upwardImports(): string[] {
  const problems: string[] = [];
  for (const file of files(SRC)) {
    const layer = layerOf(file);
    const allowed = ALLOWED[layer];
    if (!allowed) {
      problems.push(`${relative(SRC, file)}: in no known layer`);
      continue;
    }
    for (const specifier of imports(readFileSync(file, 'utf8'))) {
      const target = layerOf(resolve(dirname(file), specifier));
      if (target !== layer && !allowed.includes(target)) {
        problems.push(`${relative(SRC, file)} imports ${specifier} (${layer} → ${target})`);
      }
    }
  }
  return problems;
}

describe('layers', () => {
  it('no layer imports one above it', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('finds imports in every form, so the check above can fail', () => {
    expect(
      imports(
        `import { a } from '../server/x.js';\nimport type { B } from "../cli/y.js";\nconst m = await import('../world/z.js');\nexport { c } from './w.js';`,
      ),
    ).toEqual(['../server/x.js', '../cli/y.js', '../world/z.js', './w.js']);
  });
});
