/** The process environment as commands see it: tests pass their own. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * What differs between the npm build and the single executable: where data files come from, and
 * how the program starts itself again. The npm build reads `data/` beside the bundle and runs its
 * script with node; the single executable passes its own reader and runs itself.
 */
export interface Platform {
  readonly readData?: (name: string) => Promise<Uint8Array>;
  /**
   * Starts this same program with `args` and `env` in a detached process that writes nothing to
   * the terminal and outlives this one (`--refresh-ahead`). Absent: nothing is started.
   */
  readonly startSelf?: (args: readonly string[], env: Env) => void;
}
