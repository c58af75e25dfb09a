import { maskKey } from '../../core/mask.js';
import { keyFilePath } from '../../config/paths.js';
import { KeyFile, type ApiKey, type KeyStatus } from '../../server/keys.js';
import type { IO } from '../io.js';
import type { Action } from '../program.js';

const STATUS_NAMES: Readonly<Record<KeyStatus, string>> = {
  active: 'Active',
  inactive: 'Inactive',
};

function columns(rows: readonly (readonly string[])[]): string {
  const widths =
    rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}

function describe(key: ApiKey): string {
  return `${maskKey(key.key)}${key.name ? ` (${key.name})` : ''}`;
}

/** `weather keys create|list|disable|enable|delete`: the embedded implementation's API keys. */
export function keysCommands(io: IO): Record<string, Action> {
  const file = (): KeyFile => new KeyFile(keyFilePath(io.env));
  const setStatus =
    (status: KeyStatus): Action =>
    async ([reference = '']) => {
      const key = file().setStatus(reference, status);
      io.stderr.write(`weather: key ${describe(key)} is now ${STATUS_NAMES[status]}\n`);
      return 0;
    };
  return {
    'keys create': async (_args, options) => {
      const name = typeof options.name === 'string' ? options.name : '';
      const key = file().create(name, new Date(io.now()));
      io.stdout.write(`${key.key}\n`);
      return 0;
    },
    'keys list': async (_args, options) => {
      const keys = file().read();
      if (keys.length === 0) {
        io.stderr.write('weather: no API keys yet; create one: weather keys create\n');
        return 0;
      }
      const rows = keys.map((k) => [
        options.show === true ? k.key : maskKey(k.key),
        k.name || '-',
        STATUS_NAMES[k.status],
        k.created,
      ]);
      io.stdout.write(`${columns([['KEY', 'NAME', 'STATUS', 'CREATED'], ...rows])}\n`);
      return 0;
    },
    'keys disable': setStatus('inactive'),
    'keys enable': setStatus('active'),
    'keys delete': async ([reference = '']) => {
      const key = file().delete(reference);
      io.stderr.write(`weather: deleted key ${describe(key)}\n`);
      return 0;
    },
  };
}
