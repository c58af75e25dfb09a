import { defineConfig } from 'vitest/config';
import base, { unit } from './vitest.config.js';

/**
 * The unit project alone, for Stryker's Vitest runner, which takes a config file but cannot pick
 * a project. The runner forces the `threads` pool; the plugin puts back `forks`, since a worker
 * thread cannot change its time zone and a unit test does so through process.env.TZ.
 */
export default defineConfig({
  ...base,
  test: { ...base.test, projects: [{ extends: true, test: unit }] },
  plugins: [
    {
      name: 'unit-pool',
      configureVitest({ project }) {
        project.config.pool = unit.pool;
      },
    },
  ],
});
