// Builds dist/ (the CommonJS bundle behind bin/weather.js) and data/ (the places index, the
// climatology, the UTC offsets of every time zone, the places' names in the API's languages).
//
// The CLI is one CommonJS file: loading it costs one read and one compile, where the ES module
// chunks it was before cost a resolution, a read and a compilation each (about 40 of them for a
// query, a third of its CPU time). V8 compiles a function when it first runs, so code a command
// does not run costs little more than a scan; and a module imported lazily (`await import()`) is
// still evaluated only when imported: esbuild wraps it in a function that runs on first use. The
// large third-party packages that only some commands use are files of their own in dist/vendor/,
// required on first use.
import { build } from 'esbuild';
import { BUNDLE_DEFAULTS } from './bundle.mjs';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Module from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds into a folder of its own and then puts it in place of dist/ with two renames, so a
 * `weather` already running from dist/ (a server started by hand, another test run) never sees a
 * half-written folder, and a failed build leaves the old dist/ as it was.
 */
export async function buildDist() {
  const staging = `${root}dist.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const metafile = await bundle(staging);
    await writeCodeCache(`${staging}/weather.cjs`);
    writeLicenses(metafile, `${staging}/licenses.txt`);
    // Which modules went into which file: the lazy-loading test reads it (never shipped).
    writeFileSync(`${staging}/meta.json`, JSON.stringify(metafile));
    const old = `${root}dist.old-${process.pid}`;
    if (existsSync(`${root}dist`)) renameSync(`${root}dist`, old);
    renameSync(staging, `${root}dist`);
    rmSync(old, { recursive: true, force: true });
    return metafile;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Packages bundled into dist/vendor/<name>.cjs instead of the CLI's file, with the module their
 * file exports: what a `require` of the package returns for a CommonJS package, the named exports
 * for an ES module (the CLI imports no default of it).
 */
export const VENDOR = {
  undici: "module.exports = require('undici');",
  'cli-table3': "module.exports = require('cli-table3');",
  'fast-xml-parser': "export * from 'fast-xml-parser';",
};

/**
 * The VENDOR package `name` bundled on its own into `outfile`, CommonJS (the single executable's
 * copy without whitespace).
 * @param {keyof typeof VENDOR} name
 * @param {string} outfile
 * @param {{ minifyWhitespace?: boolean }} [options]
 */
export function bundleVendor(name, outfile, options = {}) {
  return build({
    ...BUNDLE_DEFAULTS,
    stdin: {
      contents: VENDOR[name],
      resolveDir: root,
      sourcefile: `vendor/${name}.js`,
      loader: 'js',
    },
    outfile,
    format: 'cjs',
    metafile: true,
    ...options,
  });
}

/** Resolves an import of a VENDOR package to its file, required when first imported. */
const vendorFiles = {
  name: 'vendor',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    // Bare specifiers only (packages); the callback says which are vendor files.
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      Object.hasOwn(VENDOR, path) ? { path: `./vendor/${path}.cjs`, external: true } : undefined,
    );
  },
};

/**
 * The CLI (dist/weather.cjs) and the vendor files; the metafile of all of them.
 * @param {string} outdir
 * @returns {Promise<import('esbuild').Metafile>}
 */
async function bundle(outdir) {
  const cli = await build({
    ...BUNDLE_DEFAULTS,
    entryPoints: { weather: `${root}src/cli/main.ts` },
    outdir,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // data/ is found from the bundle's own location (src/world/index.ts, src/core/data-files.ts).
    define: { 'import.meta.url': '__weatherBundleUrl' },
    banner: {
      js: "'use strict';\nconst __weatherBundleUrl = require('node:url').pathToFileURL(__filename).href;",
    },
    plugins: [vendorFiles],
    // import() of a vendor file becomes a require(), as every other lazy import does: the bundle
    // is then plain CommonJS, which bin/weather.js compiles with its code cache.
    supported: { 'dynamic-import': false },
    metafile: true,
  });
  const vendors = await Promise.all(
    /** @type {(keyof typeof VENDOR)[]} */ (Object.keys(VENDOR)).map((name) =>
      bundleVendor(name, `${outdir}/vendor/${name}.cjs`),
    ),
  );
  return [cli, ...vendors].reduce(
    (all, { metafile }) => ({
      inputs: { ...all.inputs, ...metafile.inputs },
      outputs: { ...all.outputs, ...metafile.outputs },
    }),
    /** @type {import('esbuild').Metafile} */ ({ inputs: {}, outputs: {} }),
  );
}

/**
 * V8's code cache of the CLI's file, beside it (`weather.cjs.cache`): bin/weather.js hands it to
 * V8, which then deserialises the compiled script instead of parsing 800 kB of source. The source
 * is wrapped as node wraps a CommonJS module, as bin/weather.js does; V8 checks the source and its
 * own version and flags, and compiles from source when they differ (a node other than the one that
 * built dist/).
 *
 * The cache is made after the CLI has run the calls people make most (warmUp): V8 compiles a
 * function only when it first runs, and a cache made right after compiling holds little more than
 * the top level, so every run would compile the same functions again (about a tenth of an offline
 * call's CPU time).
 *
 * The script's name is `dist/weather.cjs`, here and there: V8 keeps the name the cache was made
 * under (it shows in stack traces), and where the package will be installed is not known here.
 * @param {string} file
 */
async function writeCodeCache(file) {
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: 'dist/weather.cjs',
  });
  // What the bundle exports is checked by calling it (warmUp), not by this type.
  const module = { exports: /** @type {Cli} */ ({}) };
  script
    .runInThisContext()
    .call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  await warmUp(module.exports);
  writeFileSync(`${file}.cache`, script.createCachedData());
  // Which V8 made it: the test that the cache is accepted holds only for that one.
  writeFileSync(`${file}.cache.v8`, `${process.versions.v8}\n`);
}

/** @typedef {{ main(argv: string[], io: object): Promise<number> }} Cli */

/**
 * Runs the CLI in this process, in folders of its own, as a status bar or a script would: offline
 * (in English and in French) and against its own server on a loopback port, as a table and as raw
 * JSON. Each call must succeed, so that a change that breaks one shows here rather than as a
 * slower start.
 * @param {Cli} cli
 */
async function warmUp(cli) {
  const home = mkdtempSync(join(tmpdir(), 'weather-build-'));
  /** @type {() => void} */
  let stop = () => {};
  const stopped = new Promise((resolve) => (stop = () => resolve('SIGTERM')));
  /** @param {(line: string) => void} [onLine] */
  const io = (onLine) => {
    let out = '';
    return {
      stdout: {
        /** @param {string | Uint8Array} chunk */
        write: (chunk) => {
          out += String(chunk);
          onLine?.(out);
        },
      },
      stderr: { write: () => {} },
      stdoutIsTTY: false,
      stderrIsTTY: false,
      columns: 80,
      env: { WEATHER_CONFIG_DIR: join(home, 'config'), WEATHER_CACHE_DIR: join(home, 'cache') },
      now: () => Date.now(),
      untilSignal: () => stopped,
      output: () => out,
    };
  };
  /** @param {string[]} argv */
  const call = async (argv, quiet = io()) => {
    const code = await cli.main(argv, quiet);
    if (code !== 0) throw new Error(`weather ${argv.join(' ')} exited with ${code} in the build`);
    return quiet.output().trim();
  };
  try {
    const place = ['--lat', '51.5', '--lon', '-0.1'];
    await call(['--offline', ...place, '-o', 'raw']);
    // A language other than English: its descriptions and the place's name in it.
    await call(['--offline', ...place, '-o', 'raw', '--lang', 'fr']);
    await call(['--offline', ...place]);
    const appid = await call(['keys', 'create', '--name', 'build']);
    /** @type {(url: string) => void} */
    let listening = () => {};
    const url = new Promise((resolve) => (listening = resolve));
    const server = call(
      ['serve', '--port', '0'],
      io((out) => out.endsWith('\n') && listening(out.trim())),
    );
    const live = [...place, '--base-url', await url, '--appid', appid];
    try {
      await call([...live, '-o', 'raw']);
      await call(live);
    } finally {
      stop();
      await server;
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * dist/ carries third-party code; each package's licence and notice must travel with it.
 * The list comes from esbuild's metafile, so it is exactly what was bundled.
 * @param {import('esbuild').Metafile} metafile
 */
export function writeLicenses(metafile, out = `${root}dist/licenses.txt`) {
  const packages = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) packages.set(match[1], input.slice(0, match.index + match[0].length));
  }
  const sections = [...packages.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, dir]) => {
      const manifest = JSON.parse(readFileSync(`${root}${dir}package.json`, 'utf8'));
      const licenseFile = readdirSync(`${root}${dir}`).find((f) =>
        /^(licen[cs]e|copying)/i.test(f),
      );
      const text = licenseFile
        ? readFileSync(`${root}${dir}${licenseFile}`, 'utf8').trim()
        : '(no licence file shipped)';
      return `${name} ${manifest.version} (${manifest.license ?? 'licence text below'})\n\n${text}\n`;
    });
  writeFileSync(
    out,
    `Third-party code bundled into dist/\n\n${sections.join(`\n${'-'.repeat(72)}\n\n`)}`,
  );
  return [...packages.keys()].sort();
}

async function buildAll() {
  const { buildPlaces } = await import('./build-data.mjs');
  await buildPlaces({});
  const { buildNames } = await import('./build-names.mjs');
  await buildNames({});
  const { buildClimate } = await import('./build-climate.mjs');
  buildClimate({});
  const { buildZones } = await import('./build-zones.mjs');
  await buildZones({});
  const { buildLocalNames, describeLocalNames } = await import('./build-local-names.mjs');
  const localNames = await buildLocalNames({});
  if (localNames.built) console.log(describeLocalNames(localNames));
  await buildDist();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll();
}
