// Builds dist/weather-<platform>-<arch>: a Node Single Executable Application (one file, no Node
// needed where it runs). `pkg` cannot build here (it downloads patched Node binaries); SEA only
// needs the node that runs this script. See README.md, "Single executable".
import { build, formatMessages } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postject from 'postject';
import { bundleVendor } from './build.mjs';
import { BUNDLE_DEFAULTS } from './bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Node's documented fuse: the node binary carries it so it can tell that a blob was injected.
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/** Data files the executable reads with `getAsset(name)`: asset name → file in the checkout. */
export const ASSETS = {
  'places.bin': 'data/places.bin',
  'names.bin': 'data/names.bin',
  'climate.bin': 'data/climate.bin',
  'zones.bin': 'data/zones.bin',
  'local-names.bin': 'data/local-names.bin',
};

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${output}`.trim());
  }
}

/**
 * Runs `action` (synchronous or not) and logs how long it took.
 * @template T
 * @param {string} label
 * @param {() => T} action
 */
function step(label, action) {
  const start = performance.now();
  const value = action();
  /** @template R @param {R} result */
  const done = (result) => {
    console.log(`  ${label} (${Math.round(performance.now() - start)} ms)`);
    return result;
  };
  return value instanceof Promise ? value.then(done) : done(value);
}

/**
 * The one module expected to use `import.meta`, which is `{}` in CommonJS: it finds the data/
 * folder of an installation, and only when no readData is passed, which src/sea.ts always does.
 */
const IMPORT_META_USER = 'src/core/data-files.ts';

/**
 * Packages the executable carries as assets (`vendor/<name>.cjs`) rather than in its bundle: the
 * bundle's source is deserialised from the snapshot at every start, and undici, half of it, is
 * needed only for calls through a proxy (src/core/vendor-asset.ts evaluates it then).
 * @type {readonly (keyof typeof import('./build.mjs').VENDOR)[]}
 */
const VENDOR_ASSETS = ['undici'];

/** Resolves an import of a VENDOR_ASSETS package to a module that evaluates its asset. */
const vendorAssets = {
  name: 'vendor-assets',
  /** @param {import('esbuild').PluginBuild} build */
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      /** @type {readonly string[]} */ (VENDOR_ASSETS).includes(path)
        ? { path, namespace: 'vendor-asset' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'vendor-asset' }, ({ path }) => ({
      contents: `module.exports = require('./src/core/vendor-asset.ts').vendorAsset(${JSON.stringify(path)});`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * One CommonJS file with everything inlined but VENDOR_ASSETS: in Node 20 a SEA's main script
 * must be CommonJS and can require() only built-in modules. Lazy `import()`s of the language
 * tables become inline requires, so nothing is loaded from disk at run time.
 */
/** @param {string} outfile */
async function bundle(outfile) {
  const { outputFiles, warnings } = await build({
    ...BUNDLE_DEFAULTS,
    entryPoints: [join(root, 'src/sea.ts')],
    outfile,
    absWorkingDir: root,
    format: 'cjs',
    plugins: [vendorAssets],
    write: false,
    // The source stays in the executable's heap (V8 compiles a function from it when it first
    // runs), and every start deserialises it: without whitespace and comments, and with nothing
    // beyond Latin-1 in it (src/places/fold.ts), it takes 1.5 MB, one byte a character, where
    // it took 4.3 MB (2.2 million characters, two bytes each). Names are kept for stack traces.
    minifyWhitespace: true,
    // Warnings are shown below, but for the use of import.meta that is expected.
    logLevel: 'error',
  });
  const unexpected = warnings.filter(
    (w) => w.id !== 'empty-import-meta' || w.location?.file !== IMPORT_META_USER,
  );
  const shown = await formatMessages(unexpected, { kind: 'warning', color: false });
  for (const message of shown) console.warn(message);
  const [output] = outputFiles;
  if (!output) throw new Error('esbuild produced no bundle');
  const code = output.text;
  const wide = [...code].find((char) => (char.codePointAt(0) ?? 0) > 0xff);
  if (wide) {
    console.warn(
      `  the bundle holds ${JSON.stringify(wide)}, beyond Latin-1: its source takes twice the memory`,
    );
  }
  writeFileSync(outfile, code);
}

/**
 * postject's ELF library warns about each of the hundreds of note sections in node's binary
 * ("Can't find string offset for section name '.note.100'"); the executable is sound all the same.
 */
/**
 * @param {string} binary
 * @param {string} blob
 */
async function inject(binary, blob) {
  const warn = console.warn;
  console.warn = (...args) => {
    if (!/section name '\.note/.test(String(args[0]))) warn(...args);
  };
  try {
    await postject.inject(binary, 'NODE_SEA_BLOB', readFileSync(blob), {
      sentinelFuse: SENTINEL_FUSE,
    });
  } finally {
    console.warn = warn;
  }
}

/** @param {string} binary */
function strip(binary) {
  const found = spawnSync('strip', ['--version'], { stdio: 'ignore' });
  if (found.error) {
    console.warn('  strip not found: the executable keeps node’s symbols (larger)');
    return;
  }
  // Debug symbols are most of the node binary here; the blob is injected afterwards, so strip
  // cannot touch it.
  run('strip', [binary]);
}

export async function packageExecutable() {
  const started = performance.now();
  const out = join(root, 'dist', `weather-${process.platform}-${process.arch}`);
  const work = mkdtempSync(join(tmpdir(), 'weather-sea-'));
  try {
    if (Object.values(ASSETS).some((file) => !existsSync(join(root, file)))) {
      await step('data/ (scripts/build.mjs)', () =>
        run(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root }),
      );
    }
    const main = join(work, 'weather.cjs');
    const blob = join(work, 'weather.blob');
    const binary = join(work, 'weather');
    await step('bundle (esbuild, CommonJS)', () => bundle(main));
    /** @type {Record<string, string>} */
    const vendorAssetFiles = {};
    for (const name of VENDOR_ASSETS) {
      const file = join(work, 'vendor', `${name}.cjs`);
      await step(`vendor/${name}.cjs (esbuild)`, () =>
        bundleVendor(name, file, { minifyWhitespace: true }),
      );
      vendorAssetFiles[`vendor/${name}.cjs`] = file;
    }

    const config = join(work, 'sea-config.json');
    const assets = {
      ...Object.fromEntries(Object.entries(ASSETS).map(([name, file]) => [name, join(root, file)])),
      ...vendorAssetFiles,
    };
    writeFileSync(
      config,
      JSON.stringify({
        main,
        output: blob,
        disableExperimentalSEAWarning: true,
        // A V8 startup snapshot of src/sea.ts with the modules a query needs already evaluated:
        // the executable deserialises that heap instead of compiling and running the bundle.
        // Node 20 takes no code cache beside a snapshot ("useCodeCache" is redundant when
        // "useSnapshot" is true, and is dropped from the blob's flags): the snapshot carries the
        // compiled code of every function that ran while it was built. What did not run (the
        // renderers, queries, the server) is compiled lazily at run time, as without a snapshot.
        useSnapshot: true,
        assets,
      }),
    );
    // src/sea.ts runs an offline query while the snapshot is built, on the data of this checkout.
    step('blob (node --experimental-sea-config)', () =>
      run(process.execPath, ['--experimental-sea-config', config], {
        cwd: work,
        stdio: 'pipe',
        env: { ...process.env, WEATHER_SNAPSHOT_DATA: join(root, 'data') },
      }),
    );

    step(`copy ${process.execPath}`, () => copyFileSync(process.execPath, binary));
    chmodSync(binary, 0o755);
    step('strip', () => strip(binary));
    await step('inject (postject)', () => inject(binary, blob));

    mkdirSync(join(root, 'dist'), { recursive: true });
    // The temp folder is often another filesystem, so copy beside the target, then rename: an
    // executable that is running cannot be overwritten in place (ETXTBSY).
    copyFileSync(binary, `${out}.partial`);
    chmodSync(`${out}.partial`, 0o755);
    renameSync(`${out}.partial`, out);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const size = statSync(out).size;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${out} (${(size / 1024 / 1024).toFixed(1)} MiB, built in ${seconds} s)`);
  return { path: out, size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await packageExecutable();
}
