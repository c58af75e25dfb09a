import { UsageError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import { consoleTokenPath, keyFilePath } from '../../config/paths.js';
import { ConsoleToken } from '../../keys/console-token.js';
import {
  AmbiguousKeyError,
  KeyFile,
  UnknownKeyError,
  type ApiKey,
  type KeyStatus,
} from '../../keys/store.js';
import { alignColumns } from '../../render/columns.js';
import type { IO } from '../io.js';
import { bind, type Invoke } from '../program.js';
import {
  KEYS_CONSOLE_TOKEN,
  KEYS_CREATE,
  KEYS_DELETE,
  KEYS_DISABLE,
  KEYS_ENABLE,
  KEYS_LIST,
} from '../spec.js';

const STATUS_NAMES: Readonly<Record<KeyStatus, string>> = {
  active: 'Active',
  inactive: 'Inactive',
};

function describe(key: ApiKey): string {
  return `${maskKey(key.key)}${key.name ? ` (${key.name})` : ''}`;
}

/** The key store's errors, in the words of the command line. */
function usageError(error: unknown): unknown {
  if (error instanceof AmbiguousKeyError) {
    return new UsageError(error.message, 'give the key itself; see: weather keys list --show');
  }
  if (error instanceof UnknownKeyError) {
    const { reference } = error;
    const shown = reference.length >= 12 ? maskKey(reference) : `"${reference}"`;
    return new UsageError(`no API key ${shown}`, 'see: weather keys list');
  }
  return error;
}

function byReference<T>(change: () => T): T {
  try {
    return change();
  } catch (error) {
    throw usageError(error);
  }
}

/** `weather keys create|list|disable|enable|delete`: the embedded implementation's API keys. */
export function keysCommands(io: IO): Record<string, Invoke> {
  const file = (): KeyFile => new KeyFile(keyFilePath(io.env));
  const setStatus =
    (status: KeyStatus) =>
    async ([reference]: readonly [string]) => {
      const key = byReference(() => file().setStatus(reference, status));
      io.stderr.write(`weather: key ${describe(key)} is now ${STATUS_NAMES[status]}\n`);
      return 0;
    };
  return {
    'keys create': bind(KEYS_CREATE, async (_args, { name }) => {
      const key = file().create(name ?? '', new Date(io.now()));
      io.stdout.write(`${key.key}\n`);
      return 0;
    }),
    'keys list': bind(KEYS_LIST, async (_args, { show }) => {
      const keys = file().read();
      if (keys.length === 0) {
        io.stderr.write('weather: no API keys yet; create one: weather keys create\n');
        return 0;
      }
      const rows = keys.map((k) => [
        show === true ? k.key : maskKey(k.key),
        k.name || '-',
        STATUS_NAMES[k.status],
        k.created,
      ]);
      io.stdout.write(`${alignColumns([['KEY', 'NAME', 'STATUS', 'CREATED'], ...rows])}\n`);
      return 0;
    }),
    'keys disable': bind(KEYS_DISABLE, setStatus('inactive')),
    'keys enable': bind(KEYS_ENABLE, setStatus('active')),
    'keys delete': bind(KEYS_DELETE, async ([reference]) => {
      const key = byReference(() => file().delete(reference));
      io.stderr.write(`weather: deleted key ${describe(key)}\n`);
      return 0;
    }),
    'keys console-token': bind(KEYS_CONSOLE_TOKEN, async () => {
      const token = new ConsoleToken(consoleTokenPath(io.env)).issue(new Date(io.now()));
      io.stdout.write(`${token}\n`);
      io.stderr.write('weather: the console token before this one no longer signs in\n');
      return 0;
    }),
  };
}
