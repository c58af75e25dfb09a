// The bench's arithmetic and parsers, pure so `--self-test` can check them on canned outputs:
// medians of paired ratios, budgets, the tools' outputs (hyperfine, wrk, GNU time, /proc), the
// table as text and as Markdown.

/**
 * A budget on a figure: its `ratio` (against the baseline measured in the same run) or its
 * `value`, compared with `limit`.
 * @typedef {{ on: 'ratio' | 'value', op: '≤' | '≥', limit: number, unit?: string }} Budget
 */

/**
 * One line of the table. `skipped` says why a figure could not be measured.
 * @typedef {{
 *   figure: string,
 *   unit: string,
 *   value?: number,
 *   baseline?: number,
 *   ratio?: number,
 *   budget?: Budget,
 *   skipped?: string,
 * }} Row
 */

/** @param {readonly number[]} values */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? NaN) + upper) / 2;
}

/**
 * The ratio of each pair measured side by side, then their median: noise that hits one pair hits
 * both of its terms.
 * @param {readonly number[]} measured
 * @param {readonly number[]} baseline
 */
export function pairedRatio(measured, baseline) {
  if (measured.length !== baseline.length || measured.length === 0)
    throw new Error(`cannot pair ${measured.length} runs with ${baseline.length}`);
  return median(measured.map((value, i) => value / (baseline[i] ?? NaN)));
}

/**
 * A figure from paired runs: the medians of both sides and the median of the pairs' ratios.
 * @param {Omit<Row, 'value' | 'baseline' | 'ratio'>} row
 * @param {readonly number[]} measured
 * @param {readonly number[]} baseline
 * @returns {Row}
 */
export function pairedRow(row, measured, baseline) {
  return {
    ...row,
    value: median(measured),
    baseline: median(baseline),
    ratio: pairedRatio(measured, baseline),
  };
}

/**
 * 'ok', 'MISS', '' (no budget) or 'skip'.
 * @param {Row} row
 */
export function verdict(row) {
  if (row.skipped !== undefined) return 'skip';
  if (row.budget === undefined) return '';
  const actual = row.budget.on === 'ratio' ? row.ratio : row.value;
  if (actual === undefined || Number.isNaN(actual)) return 'MISS';
  return (row.budget.op === '≤' ? actual <= row.budget.limit : actual >= row.budget.limit)
    ? 'ok'
    : 'MISS';
}

/**
 * hyperfine's `--export-json`: each command's wall times, in ms, in the order given.
 * @param {string} json
 * @returns {{ command: string, times: number[] }[]}
 */
export function parseHyperfine(json) {
  /** @type {unknown} */
  const parsed = JSON.parse(json);
  const results =
    typeof parsed === 'object' && parsed !== null && 'results' in parsed ? parsed.results : null;
  if (!Array.isArray(results)) throw new Error('hyperfine JSON without "results"');
  return results.map((/** @type {unknown} */ result) => {
    if (typeof result !== 'object' || result === null) throw new Error('hyperfine result');
    const command = 'command' in result ? result.command : undefined;
    const times = 'times' in result ? result.times : undefined;
    const codes = 'exit_codes' in result ? result.exit_codes : [];
    if (typeof command !== 'string' || !Array.isArray(times))
      throw new Error('hyperfine result without "command" or "times"');
    if (Array.isArray(codes) && codes.some((code) => code !== 0))
      throw new Error(`${command} exited ${codes.join(', ')}`);
    return {
      command,
      times: times.map((/** @type {unknown} */ t) => {
        if (typeof t !== 'number') throw new Error(`hyperfine time ${String(t)}`);
        return t * 1000;
      }),
    };
  });
}

/** @type {Record<string, number>} */
const MS_PER = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/**
 * @param {string} amount
 * @param {string} unit
 */
function toMs(amount, unit) {
  const factor = MS_PER[unit];
  if (factor === undefined) throw new Error(`unknown time unit ${unit}`);
  return Number(amount) * factor;
}

/**
 * wrk's report (with or without `--latency`). Errors as wrk counts them: socket errors (connect,
 * read, write, timeout) and responses with a status of 400 or more ("Non-2xx or 3xx").
 * @param {string} text
 */
export function parseWrk(text) {
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m),/.exec(text);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!total || !rate) throw new Error(`not a wrk report:\n${text}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const status = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  const p99 = /^\s*99(?:\.0+)?%\s+([\d.]+)(us|ms|s)\s*$/m.exec(text);
  return {
    requests: Number(total[1]),
    seconds: toMs(total[2] ?? '', total[3] ?? '') / 1000,
    rps: Number(rate[1]),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: status ? Number(status[1]) : 0,
    p99: p99 ? toMs(p99[1] ?? '', p99[2] ?? '') : undefined,
  };
}

/**
 * GNU time's `-f %M` (maximum resident set size, KiB) as written by `-o file`, in MB (2^20 bytes).
 * Its last line holds the number; a line before it may say the command failed.
 * @param {string} text
 */
export function parseMaxRss(text) {
  const lines = text.trim().split('\n');
  const last = lines.at(-1) ?? '';
  if (lines.length > 1 || !/^\d+$/.test(last)) throw new Error(`GNU time said: ${text.trim()}`);
  return Number(last) / 1024;
}

/**
 * The resident set of a running process from /proc/<pid>/status, in MB (2^20 bytes).
 * @param {string} status
 */
export function parseVmRss(status) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error('no VmRSS in /proc status');
  return Number(match[1]) / 1024;
}

/**
 * @param {number} value
 * @param {string} unit
 */
function amount(value, unit) {
  if (Number.isNaN(value)) return '–';
  const digits = unit === 'req/s' || unit === '' ? 0 : value >= 100 ? 0 : 1;
  const number = value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return unit === '' ? number : `${number} ${unit}`;
}

/** @param {Budget} budget */
export function budgetText(budget) {
  if (budget.on === 'ratio') return `${budget.op} ${budget.limit}×`;
  const unit = budget.unit === undefined ? '' : ` ${budget.unit}`;
  return `${budget.op} ${budget.limit.toLocaleString('en-US')}${unit}`;
}

/**
 * A row's cells: figure, value, baseline, ratio, budget, verdict.
 * @param {Row} row
 * @returns {[string, string, string, string, string, string]}
 */
export function cells(row) {
  if (row.skipped !== undefined) return [`${row.figure}: ${row.skipped}`, '', '', '', '', 'skip'];
  const value = row.value === undefined ? '' : amount(row.value, row.unit);
  return [
    row.figure,
    value,
    row.baseline === undefined ? '' : amount(row.baseline, row.unit),
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    row.budget === undefined ? '' : budgetText(row.budget),
    verdict(row),
  ];
}

const HEADER = ['figure', 'value', 'baseline', 'ratio', 'budget', 'result'];

/**
 * The table for a terminal: columns padded, numbers right-aligned.
 * @param {readonly Row[]} rows
 */
export function renderText(rows) {
  const lines = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) =>
    Math.max(...lines.map((line) => [...(line[i] ?? '')].length)),
  );
  return lines
    .map((line) =>
      line
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length);
          return i === 0 || i === line.length - 1 ? cell + pad : pad + cell;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * The table in Markdown, for the README.
 * @param {readonly Row[]} rows
 */
export function renderMarkdown(rows) {
  /** @param {readonly string[]} line */
  const format = (line) => `| ${line.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  return [
    format(HEADER),
    '|---|--:|--:|--:|--:|---|',
    ...rows.map((row) => format(cells(row))),
  ].join('\n');
}
