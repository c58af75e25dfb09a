import { LANG_CODES } from '../core/lang.js';
import { MODES, PRESSURE_UNITS, TEMP_UNITS, UNITS, WIND_UNITS } from '../core/units.js';
import { SETTING_KEYS } from '../config/settings.js';
import { BARS, ICON_SETS } from '../core/bar-kinds.js';
import * as parse from './parsers.js';
import type { ArgumentSpec, CommandSpec, DynamicValues, OptionSpec } from './spec-types.js';

/**
 * Every command, argument and option of `weather`, declared once as data. The commander program,
 * `--help`, the shell completions, the man page and the flags' types (spec-types.ts) are all
 * derived from this table. Each command is its own constant so its flags keep their exact type.
 */
export const OUTPUTS = ['table', 'summary', 'raw', 'json', ...BARS] as const;
export type OutputKind = (typeof OUTPUTS)[number];
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

const NOW_OPTION = {
  flags: '--now <time>',
  description: "freeze the model's clock: ISO 8601 (UTC when no zone is given) or Unix seconds",
  parse: parse.instant,
} as const satisfies OptionSpec;

const KEY_ARGUMENT = {
  name: '<key>',
  description: 'setting name',
  choices: SETTING_KEYS,
  parse: parse.settingKey,
} as const satisfies ArgumentSpec;

const SHOW_OPTION = {
  flags: '--show',
  description: 'print the API key in full instead of masked',
} as const satisfies OptionSpec;

const KEY_REFERENCE = { name: '<key>', description: 'the key, or its name' } as const;

const FIRST_OPTION = {
  flags: '--first',
  description: 'with --place: when several places have the name, take the most populous',
} as const satisfies OptionSpec;

const UNITS_OPTION = {
  flags: '-u, --units <units>',
  description:
    'unit system; imperial shows visibility in miles and rain and snow in inches (the API gives metres and mm)',
  choices: UNITS,
  setting: 'units',
  defaultNote: 'the API itself defaults to standard',
  parse: parse.choice('--units', UNITS),
} as const satisfies OptionSpec;

const TEMP_UNIT_OPTION = {
  flags: '--temp-unit <unit>',
  description:
    'show temperatures in K, C (°C) or F (°F), converted from what --units asked of the API (table, summary, templates, json, bars)',
  choices: TEMP_UNITS,
  setting: 'temp_unit',
  defaultNote: 'else as --units gives them',
  parse: parse.unit('--temp-unit', TEMP_UNITS),
} as const satisfies OptionSpec;

const WIND_UNIT_OPTION = {
  flags: '--wind-unit <unit>',
  description:
    'show wind speeds in m/s, km/h, mph, kn (knots) or bft (Beaufort force, 0-12); -o json keeps a speed unit for bft and always gives wind.beaufort',
  choices: WIND_UNITS,
  setting: 'wind_unit',
  defaultNote: 'else as --units gives them',
  parse: parse.unit('--wind-unit', WIND_UNITS),
} as const satisfies OptionSpec;

const LANG_OPTION = {
  flags: '-l, --lang <code>',
  description: 'language of the description',
  choices: LANG_CODES,
  setting: 'lang',
  parse: parse.lang,
} as const satisfies OptionSpec;

const MODE_OPTION = {
  flags: '-m, --mode <mode>',
  description: 'representation requested from the API',
  choices: MODES,
  default: 'json',
  parse: parse.choice('--mode', MODES),
} as const satisfies OptionSpec;

const APPID_OPTION = {
  flags: '--appid <key>',
  description: 'API key',
  setting: 'appid',
  parse: parse.nonEmpty('--appid'),
} as const satisfies OptionSpec;

const BASE_URL_OPTION = {
  flags: '--base-url <url>',
  description: 'API base URL',
  setting: 'base_url',
  parse: parse.baseUrl,
} as const satisfies OptionSpec;

const TIMEOUT_OPTION = {
  flags: '--timeout <seconds>',
  description: 'give up after this long, retries included',
  setting: 'timeout',
  parse: parse.timeout,
} as const satisfies OptionSpec;

const CACHE_OPTION = {
  flags: '--cache <duration>',
  description:
    'reuse a live response younger than this (90s, 10m, 1h, 2d); the service updates observations about every 10 minutes, so 10m suits status bars and cron (the embedded model needs no cache)',
  setting: 'cache',
  parse: parse.duration('--cache'),
} as const satisfies OptionSpec;

const STALE_OK_OPTION = {
  flags: '--stale-ok <duration>',
  description:
    'when the call fails (network, 5xx, 429, or a wait remembered from one), print the last good response younger than this, say how old on stderr and exit 0',
  setting: 'stale_ok',
  parse: parse.duration('--stale-ok'),
} as const satisfies OptionSpec;

const OFFLINE_OPTION = {
  flags: '--offline',
  description: 'answer from the embedded implementation, in process, no network',
} as const satisfies OptionSpec;

export const ROOT = {
  path: [],
  summary: 'Current weather for a latitude and longitude, from the Current Weather API 2.5',
  options: [
    {
      flags: '--lat <deg>',
      description: 'latitude, -90 to 90',
      setting: 'location',
      parse: parse.coordinate('--lat', 90),
    },
    {
      flags: '--lon <deg>',
      description: 'longitude, -180 to 180',
      setting: 'location',
      parse: parse.coordinate('--lon', 180),
    },
    {
      flags: '--place <name>',
      description:
        'a place by name, from the bundled GeoNames data: "Paris", "Paris, FR", "Springfield, US-IL" (country, region); case and accents do not matter',
      parse: parse.place,
    },
    {
      flags: '--at <name>',
      description: 'a place saved with weather places add',
      parse: parse.savedPlaceName,
      complete: 'saved-places',
    },
    FIRST_OPTION,
    UNITS_OPTION,
    TEMP_UNIT_OPTION,
    WIND_UNIT_OPTION,
    {
      flags: '--pressure-unit <unit>',
      description:
        'pressure in the table and summary: hPa (as the API gives it, whatever --units) or inHg',
      choices: PRESSURE_UNITS,
      setting: 'pressure_unit',
      parse: parse.unit('--pressure-unit', PRESSURE_UNITS),
    },
    LANG_OPTION,
    MODE_OPTION,
    {
      flags: '-o, --output <output>',
      description:
        'how to print the observation (html is always raw); json: the documented shape of schema/current.schema.json whatever --mode; waybar, i3bar, polybar and tmux: one line for that status bar',
      choices: OUTPUTS,
      defaultText: 'table on a terminal, raw when piped',
      parse: parse.choice('--output', OUTPUTS),
    },
    {
      flags: '--icons <set>',
      description: 'icons of the status-bar outputs',
      choices: ICON_SETS,
      setting: 'icons',
      parse: parse.choice('--icons', ICON_SETS),
    },
    {
      flags: '-f, --format <template>',
      description:
        'print a template such as "{main.temp:.0}{temp_unit} {weather.0.description}"; fields: see README',
      parse: parse.nonEmpty('--format'),
    },
    APPID_OPTION,
    BASE_URL_OPTION,
    TIMEOUT_OPTION,
    CACHE_OPTION,
    STALE_OK_OPTION,
    {
      flags: '--watch <interval>',
      description:
        "fetch and print again every interval (90s, 10m, 1h) until Ctrl-C: redrawn in place with the observation's age on a terminal, printed once per interval when piped; at least 10m against the live service, any interval with --offline or against weather serve",
      parse: parse.duration('--watch', 1),
    },
    {
      flags: '--refresh-ahead',
      description:
        'with --cache: once a cached response is half its age limit, print it and refresh it in the background, so a status bar never waits on the network',
    },
    OFFLINE_OPTION,
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
    'weather --place "Zurich, CH" -o summary',
    'weather --lat 35.68 --lon 139.69 -u imperial -l ja -o summary',
    "weather --lat 51.5 --lon -0.1 -f '{main.temp:.0}{temp_unit} {weather.0.description}'",
    'weather config set appid <your key>',
    'weather serve --port 8080',
  ],
} as const satisfies CommandSpec;

export const CONFIG = {
  path: ['config'],
  summary: 'read and change stored settings',
} as const satisfies CommandSpec;

export const CONFIG_SET = {
  path: ['config', 'set'],
  summary: 'store a setting',
  arguments: [KEY_ARGUMENT, { name: '<value>', description: 'new value' }],
  allowOptionLikeArguments: true,
  examples: [
    'weather config set appid <key>',
    'weather config set location 51.5,-0.1',
    'weather config set units imperial',
  ],
} as const satisfies CommandSpec;

export const CONFIG_GET = {
  path: ['config', 'get'],
  summary: 'print a stored setting',
  arguments: [KEY_ARGUMENT],
  options: [SHOW_OPTION],
} as const satisfies CommandSpec;

export const CONFIG_UNSET = {
  path: ['config', 'unset'],
  summary: 'remove a stored setting',
  arguments: [KEY_ARGUMENT],
} as const satisfies CommandSpec;

export const CONFIG_LIST = {
  path: ['config', 'list'],
  summary: 'print every stored setting as key=value',
  options: [SHOW_OPTION],
} as const satisfies CommandSpec;

export const CONFIG_PATH = {
  path: ['config', 'path'],
  summary: "print the config file's path",
} as const satisfies CommandSpec;

export const KEYS = {
  path: ['keys'],
  summary: "manage the embedded implementation's API keys (for weather serve)",
} as const satisfies CommandSpec;

export const KEYS_CREATE = {
  path: ['keys', 'create'],
  summary: 'create an Active key and print it',
  options: [{ flags: '--name <label>', description: 'a label to tell keys apart' }],
} as const satisfies CommandSpec;

export const KEYS_LIST = {
  path: ['keys', 'list'],
  summary: 'list keys with name, status and creation time',
  options: [{ flags: '--show', description: 'print keys in full instead of masked' }],
} as const satisfies CommandSpec;

export const KEYS_DISABLE = {
  path: ['keys', 'disable'],
  summary: 'make a key Inactive (requests with it get 401)',
  arguments: [KEY_REFERENCE],
} as const satisfies CommandSpec;

export const KEYS_ENABLE = {
  path: ['keys', 'enable'],
  summary: 'make a key Active again',
  arguments: [KEY_REFERENCE],
} as const satisfies CommandSpec;

export const KEYS_DELETE = {
  path: ['keys', 'delete'],
  summary: 'delete a key',
  arguments: [KEY_REFERENCE],
} as const satisfies CommandSpec;

export const KEYS_CONSOLE_TOKEN = {
  path: ['keys', 'console-token'],
  summary:
    "print a new admin token for weather serve's account console (/console); the previous one stops working",
} as const satisfies CommandSpec;

export const SERVE = {
  path: ['serve'],
  summary: 'serve the embedded Current Weather API over HTTP',
  options: [
    {
      flags: '--host <host>',
      description: 'address to listen on (anything but loopback is reachable from other machines)',
      default: '127.0.0.1',
      parse: parse.nonEmpty('--host'),
    },
    {
      flags: '--port <port>',
      description: 'port; 0 picks a free one',
      default: 8080,
      parse: parse.integer('--port', 0, 65535),
    },
    {
      flags: '--rate-limit <n>',
      description: 'requests per minute per key; 0 for no limit',
      default: 60,
      parse: parse.integer('--rate-limit', 0, 1_000_000),
    },
    {
      flags: '--max-connections <n>',
      description: 'open connections at most; more are refused until some close',
      default: 1024,
      parse: parse.integer('--max-connections', 1, 1_000_000),
    },
    NOW_OPTION,
    {
      flags: '--clock-speed <factor>',
      description:
        "run the model's clock this many times faster than real time, from --now or from the start (60: a minute a second)",
      defaultText: 'real time; frozen with --now',
      parse: parse.factor('--clock-speed', 1_000_000),
    },
    {
      flags: '--scenario <file>',
      description:
        "JSON file of fixed weather (condition, temperature, wind) for places or coordinates and times, over the model's (format: schema/scenario.schema.json)",
      parse: parse.nonEmpty('--scenario'),
    },
    {
      flags: '--faults <spec>',
      description:
        'inject faults into API answers: kind[:trigger],… with kinds 401, 429, 500, 502, 503, hang, slow, reset, truncate, portal and triggers 0.05 (probability), every=N, key=KEY (none: always)',
      parse: parse.faults,
    },
    {
      flags: '--seed <n>',
      description:
        "seed for --faults' probabilities: the same seed, the same sequence (default: random, printed)",
      parse: parse.integer('--seed', 0, 4_294_967_295),
    },
    {
      flags: '--allow-test-headers',
      description:
        'honour the request headers X-Weather-Fault (a fault kind) and X-Weather-Now (the clock)',
    },
  ],
  examples: [
    'weather serve',
    'weather serve --port 0 --now 2026-06-21T12:00:00Z',
    'weather serve --faults 429:0.05,500:every=10 --seed 7',
    'weather serve --scenario oslo-snow.json --allow-test-headers',
  ],
} as const satisfies CommandSpec;

export const COMPLETION = {
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
} as const satisfies CommandSpec;

export const PLACES = {
  path: ['places'],
  summary: 'find places by name in the bundled GeoNames data',
} as const satisfies CommandSpec;

export const PLACE_OUTPUTS = ['table', 'ndjson'] as const;
/** `names`: one saved name a line, what shell completion reads. */
export const SAVED_PLACE_OUTPUTS = [...PLACE_OUTPUTS, 'names'] as const;

/**
 * The command (after the program's name) whose output lines a completion offers, per dynamic
 * list: shell completion of saved place names runs `weather places list -o names`, which reads
 * the config file.
 */
export const DYNAMIC_VALUES: { readonly [D in DynamicValues]: readonly string[] } = {
  'saved-places': ['places', 'list', '-o', 'names'],
};

const PLACES_OUTPUT_OPTION = {
  flags: '-o, --output <output>',
  description: 'how to print the places',
  choices: PLACE_OUTPUTS,
  defaultText: 'table on a terminal, ndjson when piped',
  parse: parse.choice('--output', PLACE_OUTPUTS),
} as const satisfies OptionSpec;

const SAVED_NAME_ARGUMENT = {
  name: '<name>',
  description: "the saved place's name",
  parse: parse.savedPlaceName,
  complete: 'saved-places',
} as const satisfies ArgumentSpec;

export const PLACES_ADD = {
  path: ['places', 'add'],
  summary: 'save a place under a name, from coordinates or from --place',
  arguments: [
    {
      name: '<name>',
      description: 'a name: a letter, then letters, digits, - or _',
      parse: parse.savedPlaceName,
    },
    { name: '[lat]', description: 'latitude, -90 to 90', parse: parse.coordinate('lat', 90) },
    { name: '[lon]', description: 'longitude, -180 to 180', parse: parse.coordinate('lon', 180) },
  ],
  options: [
    {
      flags: '--place <name>',
      description: 'take the coordinates of a place by name instead ("Paris, FR")',
      parse: parse.place,
    },
    FIRST_OPTION,
  ],
  allowOptionLikeArguments: true,
  examples: ['weather places add home 51.5 -0.1', 'weather places add work --place "Zurich, CH"'],
} as const satisfies CommandSpec;

export const PLACES_LIST = {
  path: ['places', 'list'],
  summary: 'list the saved places',
  options: [
    {
      ...PLACES_OUTPUT_OPTION,
      choices: SAVED_PLACE_OUTPUTS,
      parse: parse.choice('--output', SAVED_PLACE_OUTPUTS),
    },
  ],
} as const satisfies CommandSpec;

export const PLACES_REMOVE = {
  path: ['places', 'remove'],
  summary: 'forget a saved place',
  arguments: [SAVED_NAME_ARGUMENT],
} as const satisfies CommandSpec;

export const PLACES_SEARCH = {
  path: ['places', 'search'],
  summary: 'list places with this name, then places whose name starts with it, most populous first',
  arguments: [
    { name: '<text>', description: 'a name, optionally ", FR" or ", US-IL"', parse: parse.place },
  ],
  options: [
    {
      flags: '--limit <n>',
      description: 'list at most this many places',
      default: 10,
      parse: parse.integer('--limit', 1, 1000),
    },
    PLACES_OUTPUT_OPTION,
  ],
  examples: [
    'weather places search springfield',
    'weather places search "Spring, US-TX" -o ndjson',
  ],
} as const satisfies CommandSpec;

export const BATCH = {
  path: ['batch'],
  summary:
    'the current weather of many places: one input line each (lat,lon, a place name or a saved name), one NDJSON record each, in input order',
  arguments: [{ name: '[file]', description: 'the lines to read; absent or -: standard input' }],
  options: [
    {
      flags: '--concurrency <n>',
      description: 'live calls in flight at once',
      default: 4,
      parse: parse.integer('--concurrency', 1, 64),
    },
    {
      flags: '--rate <per-minute>',
      description:
        'live requests per minute at most, as a token bucket (a burst of this many, then this many a minute); answers from the cache spend none',
      default: 50,
      parse: parse.integer('--rate', 1, 100_000),
    },
    FIRST_OPTION,
    UNITS_OPTION,
    TEMP_UNIT_OPTION,
    WIND_UNIT_OPTION,
    LANG_OPTION,
    MODE_OPTION,
    APPID_OPTION,
    BASE_URL_OPTION,
    TIMEOUT_OPTION,
    CACHE_OPTION,
    STALE_OK_OPTION,
    OFFLINE_OPTION,
    { ...NOW_OPTION, description: `${NOW_OPTION.description} (embedded implementation only)` },
  ],
  examples: [
    "printf '51.5,-0.1\\nParis, FR\\nhome\\n' | weather batch",
    'weather batch places.txt --cache 10m > weather.ndjson',
  ],
} as const satisfies CommandSpec;

export const DOCTOR = {
  path: ['doctor'],
  summary:
    'check the config file, the API key, the base URL, the network path and one real request, and say how to fix what fails',
  options: [
    APPID_OPTION,
    BASE_URL_OPTION,
    TIMEOUT_OPTION,
    { flags: '--json', description: 'print the checks as one JSON object' },
  ],
  examples: ['weather doctor', 'weather doctor --json'],
} as const satisfies CommandSpec;

/** Every command below the top level, parents before their children. */
export const COMMANDS: readonly CommandSpec[] = [
  CONFIG,
  CONFIG_SET,
  CONFIG_GET,
  CONFIG_UNSET,
  CONFIG_LIST,
  CONFIG_PATH,
  KEYS,
  KEYS_CREATE,
  KEYS_LIST,
  KEYS_DISABLE,
  KEYS_ENABLE,
  KEYS_DELETE,
  KEYS_CONSOLE_TOKEN,
  SERVE,
  COMPLETION,
  PLACES,
  PLACES_ADD,
  PLACES_LIST,
  PLACES_REMOVE,
  PLACES_SEARCH,
  BATCH,
  DOCTOR,
];

/** Environment variables, for `--help` and the man page. */
export const ENVIRONMENT: readonly (readonly [string, string])[] = [
  ['WEATHER_APPID', 'API key, used when --appid is not given'],
  ['WEATHER_BASE_URL', 'API base URL, used when --base-url is not given'],
  [
    'WEATHER_CONFIG_DIR',
    'folder holding config.json and keys.json (default: $XDG_CONFIG_HOME/weather, i.e. ~/.config/weather)',
  ],
  [
    'WEATHER_CACHE_DIR',
    'folder of cached responses and remembered failures (default: $XDG_CACHE_HOME/weather, i.e. ~/.cache/weather)',
  ],
  ['NO_COLOR, FORCE_COLOR', 'turn colour off, or force a level (0-3)'],
  [
    'HTTPS_PROXY, HTTP_PROXY, NO_PROXY',
    'proxy for live calls to https:// and http:// base URLs (lower-case names first; host:port means http://host:port); hosts in NO_PROXY go direct',
  ],
  ['WEATHER_DEBUG=1', 'print stack traces of internal errors'],
];
