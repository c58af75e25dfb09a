/** The process environment as commands see it: tests pass their own. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * What differs between the npm build and the single executable: where data files come from.
 * The npm build reads `data/` beside the bundle; the single executable passes its own reader.
 */
export interface Platform {
  readonly readData?: (name: string) => Promise<Uint8Array>;
}
