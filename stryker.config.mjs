/**
 * `npm run mutate`: mutation testing of the library layers against the unit suite (seconds per
 * run, in process). Not part of `npm test`: a full run takes many minutes.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: ['src/core/**/*.ts', 'src/server/**/*.ts', 'src/client/**/*.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // A mutant that loops (a retry delay made zero, a bound removed) ends here, not at the test timeout.
  timeoutMS: 10_000,
  timeoutFactor: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  ignorePatterns: ['dist', 'dist.*', 'coverage', 'reports', '.vitest-cache'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
