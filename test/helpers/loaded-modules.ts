import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';

/**
 * What a process ran of dist/, told by the V8 coverage node writes when NODE_V8_COVERAGE names a
 * folder. dist/weather.cjs is one file, so which files were read says little: esbuild wraps each
 * module of it in a function named after the module's path that runs when the module is first
 * imported, and the coverage tells which of those functions ran. A file of dist/vendor/ runs
 * whole when it is required.
 */
export interface Loaded {
  /** The files of dist/ the process read, e.g. `weather.cjs`, `vendor/undici.cjs`. */
  readonly files: string[];
  /** The source modules it evaluated, e.g. `src/world/index.ts`. */
  readonly modules: string[];
  /** The npm packages among those modules. */
  readonly packages: string[];
}

interface Coverage {
  readonly result: readonly {
    readonly url: string;
    readonly functions: readonly {
      readonly functionName: string;
      readonly ranges: readonly { readonly count: number }[];
    }[];
  }[];
}

/** The modules bundled into each file of dist/ (by its path in dist/), from the build's metafile. */
function bundledModules(dist: string): Map<string, string[]> {
  const meta = JSON.parse(readFileSync(join(dist, 'meta.json'), 'utf8')) as Metafile;
  return new Map(
    Object.entries(meta.outputs).map(([file, output]) => [
      file.replace(/^.*?dist[^/]*\//, ''),
      Object.keys(output.inputs),
    ]),
  );
}

/** The modules of a bundle esbuild wraps to run on first import; the others run when it loads. */
function wrappedModules(bundle: string): Set<string> {
  const source = readFileSync(bundle, 'utf8');
  return new Set(
    [...source.matchAll(/^var \w+ = __(?:esm|commonJS)\(\{\n\s+"([^"]+)"\(/gm)].map(
      (m) => m[1] ?? '',
    ),
  );
}

const packageOf = (module: string): string | undefined =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module)?.[1];

/** Reads the coverage files in `coverageDir` of a run of the CLI built into `dist`. */
export function loadedModules(dist: string, coverageDir: string): Loaded {
  const bundled = bundledModules(dist);
  const files = new Set<string>();
  const ran = new Set<string>();
  for (const name of readdirSync(coverageDir).filter((n) => n.endsWith('.json'))) {
    const coverage = JSON.parse(readFileSync(join(coverageDir, name), 'utf8')) as Coverage;
    for (const script of coverage.result) {
      // bin/weather.js names the CLI's script `dist/weather.cjs`; the vendor files are file: URLs.
      const file = /(?:^|\/)dist\/(.+)$/.exec(script.url)?.[1];
      if (file === undefined) continue;
      files.add(file);
      for (const f of script.functions) {
        if ((f.ranges[0]?.count ?? 0) > 0) ran.add(f.functionName);
      }
    }
  }
  const modules = new Set<string>();
  for (const file of files) {
    const inputs = bundled.get(file) ?? [];
    const wrapped = file === 'weather.cjs' ? wrappedModules(join(dist, file)) : new Set<string>();
    for (const input of inputs) if (!wrapped.has(input) || ran.has(input)) modules.add(input);
  }
  return {
    files: [...files].sort(),
    modules: [...modules].sort(),
    packages: [...new Set([...modules].flatMap((m) => packageOf(m) ?? []))].sort(),
  };
}
