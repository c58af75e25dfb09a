import type { SettingKey } from '../config/settings.js';
import type { Parser } from './parsers.js';

/**
 * The shape of the command table in spec.ts, and the types derived from it: the flags a command
 * receives are computed from its options' flag strings and parsers, so a command never declares
 * (or casts to) a type of its own, and a default is written once, as a value, in the table.
 */
export interface OptionSpec {
  /** As commander takes them: `-u, --units <units>`, `--offline`, `--no-color`. */
  readonly flags: string;
  readonly description: string;
  readonly choices?: readonly string[];
  /** Turns the value's text into the value (or throws a UsageError); absent: the text itself. */
  readonly parse?: Parser<unknown>;
  /** The value when the flag is absent: commander applies it, help shows it. */
  readonly default?: string | number;
  /**
   * The stored setting this flag overrides: when the flag is absent the value comes from the
   * setting's environment variable, then config.json, then the setting's default (help says so).
   */
  readonly setting?: SettingKey;
  /** A remark after the default in help, e.g. how the API's own default differs. */
  readonly defaultNote?: string;
  /** Help text for a default that is not a value (it depends on the terminal, say). */
  readonly defaultText?: string;
  /** Values that completion asks the program for (they live in the config file). */
  readonly complete?: DynamicValues;
}

/** Names of the value lists completion gets by running the program (spec.ts DYNAMIC_VALUES). */
export type DynamicValues = 'saved-places';

export interface ArgumentSpec {
  /** `<key>`, or `[lat]` for one that may be left out (it is then undefined). */
  readonly name: string;
  readonly description: string;
  readonly choices?: readonly string[];
  readonly parse?: Parser<unknown>;
  readonly complete?: DynamicValues;
}

export interface CommandSpec {
  /** Path of names, e.g. ['config', 'set']; [] is the top level. */
  readonly path: readonly string[];
  readonly summary: string;
  readonly arguments?: readonly ArgumentSpec[];
  readonly options?: readonly OptionSpec[];
  readonly examples?: readonly string[];
  /** Let option-like values through as arguments (`config set location -33.9,151.2`). */
  readonly allowOptionLikeArguments?: boolean;
}

/** `--base-url <url>` → `base-url`; `--no-color` → `no-color`. */
type LongFlag<F extends string> = F extends `${string}--${infer Rest}`
  ? Rest extends `${infer Name} ${string}`
    ? Name
    : Rest
  : never;

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The name commander stores an option's value under: `baseUrl`, and `color` for `--no-color`. */
export type AttributeOf<F extends string> =
  LongFlag<F> extends `no-${infer Name}` ? CamelCase<Name> : CamelCase<LongFlag<F>>;

/** What a parser makes of the value, the text itself without one, and true for a plain flag. */
type ValueOf<O> = O extends { readonly parse: Parser<infer T> }
  ? T
  : O extends { readonly flags: `${string}<${string}>` }
    ? string
    : boolean;

type Options<S> = S extends { readonly options: readonly (infer O)[] } ? O : never;

/** The parsed flags of a command: present when given (or defaulted), typed by their parsers. */
export type FlagsOf<S extends CommandSpec> = {
  readonly [
    O in Options<S> as O extends { readonly default: unknown }
      ? never
      : O extends { readonly flags: infer F extends string }
        ? AttributeOf<F>
        : never
  ]?: ValueOf<O>;
} & {
  readonly [
    O in Options<S> as O extends {
      readonly default: unknown;
      readonly flags: infer F extends string;
    }
      ? AttributeOf<F>
      : never
  ]: ValueOf<O>;
};

/** The parsed arguments of a command, in order. */
export type ArgsOf<S extends CommandSpec> = S extends {
  readonly arguments: infer A extends readonly ArgumentSpec[];
}
  ? {
      readonly [I in keyof A]:
        | (A[I] extends { readonly parse: Parser<infer T> } ? T : string)
        | (A[I] extends { readonly name: `[${string}]` } ? undefined : never);
    }
  : readonly [];
