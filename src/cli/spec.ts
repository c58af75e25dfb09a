import { LANG_CODES } from '../core/lang.js';
import { MODES, UNITS } from '../core/units.js';
import { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_SECONDS, SETTING_KEYS } from '../config/settings.js';
import * as parse from './parsers.js';

/**
 * Every command, argument and option of `weather`, declared once as data. The commander program,
 * `--help`, the shell completions and the man page are all generated from this table.
 */
export interface OptionSpec {
  readonly flags: string;
  readonly description: string;
  readonly choices?: readonly string[];
  /** Shown as "(default: …)"; defaults that depend on config are applied by the command. */
  readonly defaultText?: string;
  readonly parse?: parse.Parser<unknown>;
  /** Completion hint for the value when there are no choices. */
  readonly valueHint?: 'file' | 'url' | 'number' | 'text';
}

export interface ArgumentSpec {
  readonly name: string;
  readonly description: string;
  readonly choices?: readonly string[];
  readonly parse?: parse.Parser<unknown>;
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

export const OUTPUTS = ['table', 'summary', 'raw'] as const;
export type OutputKind = (typeof OUTPUTS)[number];
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

const NOW_OPTION: OptionSpec = {
  flags: '--now <time>',
  description: "freeze the model's clock: ISO 8601 or Unix seconds",
  parse: parse.instant,
  valueHint: 'text',
};

const KEY_ARGUMENT: ArgumentSpec = {
  name: '<key>',
  description: 'setting name',
  choices: SETTING_KEYS,
  parse: parse.settingKey,
};

export const ROOT: CommandSpec = {
  path: [],
  summary: 'Current weather for a latitude and longitude, from the Current Weather API 2.5',
  options: [
    {
      flags: '--lat <deg>',
      description: 'latitude, -90 to 90',
      defaultText: 'config location',
      parse: parse.coordinate('--lat', 90),
      valueHint: 'number',
    },
    {
      flags: '--lon <deg>',
      description: 'longitude, -180 to 180',
      defaultText: 'config location',
      parse: parse.coordinate('--lon', 180),
      valueHint: 'number',
    },
    {
      flags: '-u, --units <units>',
      description: 'unit system',
      choices: UNITS,
      defaultText: 'config units, else metric; the API itself defaults to standard',
      parse: parse.choice('--units', UNITS),
    },
    {
      flags: '-l, --lang <code>',
      description: 'language of the description',
      choices: LANG_CODES,
      defaultText: 'config lang, else en',
      parse: parse.lang,
    },
    {
      flags: '-m, --mode <mode>',
      description: 'representation requested from the API',
      choices: MODES,
      defaultText: 'json',
      parse: parse.choice('--mode', MODES),
    },
    {
      flags: '-o, --output <output>',
      description: 'how to print the observation (html is always raw)',
      choices: OUTPUTS,
      defaultText: 'table on a terminal, raw when piped',
      parse: parse.choice('--output', OUTPUTS),
    },
    {
      flags: '-f, --format <template>',
      description:
        'print a template such as "{main.temp:.0}{temp_unit} {weather.0.description}"; fields: see README',
      parse: parse.nonEmpty('--format'),
      valueHint: 'text',
    },
    {
      flags: '--appid <key>',
      description: 'API key',
      defaultText: 'WEATHER_APPID, else config appid',
      parse: parse.nonEmpty('--appid'),
      valueHint: 'text',
    },
    {
      flags: '--base-url <url>',
      description: 'API base URL',
      defaultText: `WEATHER_BASE_URL, else config base_url, else ${DEFAULT_BASE_URL}`,
      parse: parse.baseUrl,
      valueHint: 'url',
    },
    {
      flags: '--timeout <seconds>',
      description: 'give up after this long, retries included',
      defaultText: `config timeout, else ${DEFAULT_TIMEOUT_SECONDS}`,
      parse: parse.timeout,
      valueHint: 'number',
    },
    {
      flags: '--offline',
      description: 'answer from the embedded implementation, in process, no network',
    },
    { ...NOW_OPTION, description: `${NOW_OPTION.description} (embedded implementation only)` },
    { flags: '--color', description: 'colour even when stdout is not a terminal' },
    { flags: '--no-color', description: 'no colour (as does NO_COLOR)' },
    {
      flags: '--verbose',
      description: 'print stack traces of internal errors (as does WEATHER_DEBUG=1)',
    },
  ],
  examples: [
    'weather --lat 51.5 --lon -0.1',
    'weather --lat 51.5 --lon -0.1 --mode json | jq .main.temp',
    'weather --lat 35.68 --lon 139.69 -u imperial -l ja -o summary',
    "weather --lat 51.5 --lon -0.1 -f '{main.temp:.0}{temp_unit} {weather.0.description}'",
    'weather config set appid <your key>',
    'weather serve --port 8080',
  ],
};

export const COMMANDS: readonly CommandSpec[] = [
  { path: ['config'], summary: 'read and change stored settings' },
  {
    path: ['config', 'set'],
    summary: 'store a setting',
    arguments: [KEY_ARGUMENT, { name: '<value>', description: 'new value' }],
    allowOptionLikeArguments: true,
    examples: [
      'weather config set appid <key>',
      'weather config set location 51.5,-0.1',
      'weather config set units imperial',
    ],
  },
  {
    path: ['config', 'get'],
    summary: 'print a stored setting',
    arguments: [KEY_ARGUMENT],
    options: [{ flags: '--show', description: 'print the API key in full instead of masked' }],
  },
  {
    path: ['config', 'unset'],
    summary: 'remove a stored setting',
    arguments: [KEY_ARGUMENT],
  },
  {
    path: ['config', 'list'],
    summary: 'print every stored setting as key=value',
    options: [{ flags: '--show', description: 'print the API key in full instead of masked' }],
  },
  { path: ['config', 'path'], summary: "print the config file's path" },
  { path: ['keys'], summary: "manage the embedded implementation's API keys (for weather serve)" },
  {
    path: ['keys', 'create'],
    summary: 'create an Active key and print it',
    options: [
      { flags: '--name <label>', description: 'a label to tell keys apart', valueHint: 'text' },
    ],
  },
  {
    path: ['keys', 'list'],
    summary: 'list keys with name, status and creation time',
    options: [{ flags: '--show', description: 'print keys in full instead of masked' }],
  },
  {
    path: ['keys', 'disable'],
    summary: 'make a key Inactive (requests with it get 401)',
    arguments: [{ name: '<key>', description: 'the key, or its name' }],
  },
  {
    path: ['keys', 'enable'],
    summary: 'make a key Active again',
    arguments: [{ name: '<key>', description: 'the key, or its name' }],
  },
  {
    path: ['keys', 'delete'],
    summary: 'delete a key',
    arguments: [{ name: '<key>', description: 'the key, or its name' }],
  },
  {
    path: ['serve'],
    summary: 'serve the embedded Current Weather API over HTTP',
    options: [
      {
        flags: '--host <host>',
        description:
          'address to listen on (anything but loopback is reachable from other machines)',
        defaultText: '127.0.0.1',
        parse: parse.nonEmpty('--host'),
        valueHint: 'text',
      },
      {
        flags: '--port <port>',
        description: 'port; 0 picks a free one',
        defaultText: '8080',
        parse: parse.integer('--port', 0, 65535),
        valueHint: 'number',
      },
      {
        flags: '--rate-limit <n>',
        description: 'requests per minute per key; 0 for no limit',
        defaultText: '60',
        parse: parse.integer('--rate-limit', 0, 1_000_000),
        valueHint: 'number',
      },
      NOW_OPTION,
    ],
    examples: ['weather serve', 'weather serve --port 0 --now 2026-06-21T12:00:00Z'],
  },
  {
    path: ['completion'],
    summary: 'print the shell completion script',
    arguments: [
      {
        name: '<shell>',
        description: 'bash, zsh or fish',
        choices: SHELLS,
        parse: parse.choice('shell', SHELLS),
      },
    ],
    examples: ['weather completion bash > ~/.local/share/bash-completion/completions/weather'],
  },
];

/** Environment variables, for `--help` and the man page. */
export const ENVIRONMENT: readonly (readonly [string, string])[] = [
  ['WEATHER_APPID', 'API key, used when --appid is not given'],
  ['WEATHER_BASE_URL', 'API base URL, used when --base-url is not given'],
  ['WEATHER_CONFIG_DIR', 'folder holding config.json and keys.json'],
  ['NO_COLOR, FORCE_COLOR', 'turn colour off, or force a level (0-3)'],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'proxy for live calls'],
  ['WEATHER_DEBUG=1', 'print stack traces of internal errors'],
];
