/**
 * `npm run mutate`: mutation testing of the library layers against the unit suite (in process).
 * Not part of `npm test`: a run takes about 90 minutes on two cores.
 *
 * Static mutants (module-level code such as tables) are partly ignored (`ignoreStatic`): each
 * re-runs the whole suite, which was 97 % of the time. Those still run are unreliable: the unit
 * project shares modules between files (`isolate: false`), so a table is evaluated once, before
 * most mutants are active, and its mutants survive whatever the tests check. Read the score of the
 * non-static mutants (reports/mutation/stryker-incremental.json has a `static` flag per mutant).
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
  ignoreStatic: true,
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
