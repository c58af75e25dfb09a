/**
 * `npm run mutate`: mutation testing of the library layers against the unit suite (seconds per
 * run, in process). Not part of `npm test`: a full run takes about 45 minutes on two cores, most
 * of it for the static mutants (module-level tables), which re-run the whole suite each.
 *
 * Incremental: a later run re-tests only what changed. It keeps a static mutant's result until its
 * file changes, even when new tests would now kill it: `npm run mutate -- --force` for a full run.
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
  // The report of the last run, read by the next one; reports/ is git-ignored.
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  ignorePatterns: ['dist', 'dist.*', 'coverage', 'reports', '.vitest-cache'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
