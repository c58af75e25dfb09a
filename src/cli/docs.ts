import {
  DT_AHEAD_SECONDS,
  DT_BEHIND_SECONDS,
  RANGES,
  rangeText,
  SUN_FROM_DT_SECONDS,
} from '../client/decode/plausible.js';
import { SETTINGS, SETTING_KEYS, defaultText } from '../config/settings.js';
import { EXIT_CODE_TABLE } from '../core/errors.js';
import { ENVIRONMENT } from './spec.js';

/** A Markdown table; prettier aligns it when scripts/generate.mjs writes the README. */
function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const line = (cells: readonly string[]): string => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const code = (text: string): string => `\`${text}\``;

/**
 * The README's tables that restate a table of the program (exit codes, environment variables,
 * settings): generated from the same source as `--help`, between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->` markers, and checked by `npm run generate -- --check`.
 */
export function readmeSections(): Readonly<Record<string, string>> {
  return {
    'exit-codes': markdownTable(
      ['code', 'meaning'],
      EXIT_CODE_TABLE.map(([exit, meaning]) => [String(exit), meaning]),
    ),
    environment: markdownTable(
      ['variable', 'meaning'],
      ENVIRONMENT.map(([name, meaning]) => [
        name
          .split(', ')
          .map((n) => code(n))
          .join(', '),
        meaning,
      ]),
    ),
    plausible: markdownTable(
      ['member', 'allowed'],
      [
        ...RANGES.map((range) => {
          const converted =
            range.quantity === 'plain'
              ? ''
              : ` (${(['standard', 'imperial'] as const)
                  .filter((units) => rangeText(range, units) !== rangeText(range, 'metric'))
                  .map((units) => rangeText(range, units))
                  .join(', ')})`;
          return [range.members.map(code).join(', '), `${rangeText(range, 'metric')}${converted}`];
        }),
        [
          code('dt'),
          `at most ${DT_AHEAD_SECONDS / 3600} hour ahead of this machine's clock and ${DT_BEHIND_SECONDS / 86_400} days behind it (not checked for answers of the embedded implementation, whose clock --now may freeze)`,
        ],
        [
          `${code('sys.sunrise')}, ${code('sys.sunset')}`,
          `0, or within ${SUN_FROM_DT_SECONDS / 86_400} days of ${code('dt')}`,
        ],
      ],
    ),
    settings: markdownTable(
      ['key', 'meaning', 'default'],
      SETTING_KEYS.map((key) => {
        const { description, choices } = SETTINGS[key];
        const values = choices && choices.length <= 5 ? `: ${choices.map(code).join(', ')}` : '';
        const fallback = defaultText(key);
        return [
          code(key),
          `${description}${values}`,
          fallback === undefined ? 'none' : code(fallback),
        ];
      }),
    ),
  };
}
