import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestUserConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Spawn a real build or install, so they run last and alone. */
const SLOW = [
  'test/e2e/single-executable.test.ts',
  'test/e2e/quickstart.test.ts',
  'test/e2e/npm-package.test.ts',
];

/** The `unit` project, also the suite that `npm run mutate` runs against each mutant. */
export const unit = {
  name: 'unit',
  include: ['test/unit/**/*.test.ts'],
  // One process per core that keeps its modules between files: several times faster,
  // and the unit tests share no state but the files they create in their own folders.
  // Vitest's default is one process fewer than the cores: a single one on two.
  pool: 'forks',
  isolate: false,
  maxWorkers: availableParallelism(),
} satisfies TestUserConfig;

/**
 * Three projects, run in this order by `npm test`: `unit` (pure modules and the CLI in process
 * through main(argv, testIO()); no build, seconds: `npm run test:unit`), `e2e` (the built
 * bin/weather.js in real processes: signals, TTYs, shells, exit codes) and `slow` (the single
 * executable, the npm package and the fresh-install quick start).
 */
export default defineConfig({
  define: { __WEATHER_VERSION__: JSON.stringify(pkg.version) },
  test: {
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by content
    // and config) and reused by the next run: the unit project spends seconds transforming otherwise.
    experimental: { fsModuleCache: true },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { ...unit, sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: SLOW,
          globalSetup: ['test/helpers/global-setup.ts'],
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          globalSetup: ['test/helpers/global-setup.ts'],
          pool: 'forks',
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
