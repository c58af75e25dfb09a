import type { KeyLookup } from '../keys/store.js';

const MASK = '***';

/** The shape of every key `weather keys create` makes, wherever it turns up. */
const HEX_RUN = /[0-9a-f]{32,}/gi;
const HAS_HEX_RUN = /[0-9a-f]{32}/i;

/** Where a key written by hand could begin or end in a request target. */
const SEPARATORS = /([/?&=;:,@#])/;

/**
 * Percent-decoding as URLSearchParams does it: escapes become bytes, the bytes are read as UTF-8,
 * and a `%` that starts no escape stays as it is. Never throws.
 */
function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  const raw = Buffer.from(text, 'utf8');
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const escape =
      raw[i] === 0x25 ? /^[0-9a-f]{2}$/i.exec(raw.toString('latin1', i + 1, i + 3)) : null;
    if (escape) {
      bytes.push(Number.parseInt(escape[0], 16));
      i += 2;
    } else {
      bytes.push(raw[i] ?? 0);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The name of one `name=value` query parameter, decoded as the handler's URLSearchParams does. */
function parameterName(segment: string): string {
  const equals = segment.indexOf('=');
  const raw = equals < 0 ? segment : segment.slice(0, equals);
  // Nothing to decode: the name is as written (the common case, and a quick one).
  if (!/[%+]/.test(raw)) return raw;
  const [entry] = new URLSearchParams(segment);
  return entry?.[0] ?? '';
}

/** Query parameters whose decoded name is `appid` in any case (`%61ppid`, `APPID`) lose their value. */
function maskAppid(target: string): string {
  const start = target.indexOf('?');
  if (start < 0) return target;
  const segments = target
    .slice(start + 1)
    .split('&')
    .map((segment) => {
      const equals = segment.indexOf('=');
      if (equals < 0 || parameterName(segment).toLowerCase() !== 'appid') return segment;
      return `${segment.slice(0, equals + 1)}${MASK}`;
    });
  return `${target.slice(0, start + 1)}${segments.join('&')}`;
}

/**
 * A request target as the access log shows it: never a key, however it was spelt. Masked are the
 * value of every `appid` parameter (its name decoded, in any case), every run of 32 hex digits, and
 * every part between separators that is, once percent-decoded, a known key or holds 32 hex digits
 * (a key in the path, an escaped key in any parameter). An `x-api-key` header is never logged.
 */
export function redactTarget(target: string, keys: KeyLookup): string {
  return maskAppid(target)
    .replace(HEX_RUN, MASK)
    .split(SEPARATORS)
    .map((part, index) => {
      // Odd indexes are the separators themselves.
      if (index % 2 === 1 || part === '' || part === MASK) return part;
      const decoded = percentDecode(part);
      return HAS_HEX_RUN.test(decoded) || keys.status(decoded) !== undefined ? MASK : part;
    })
    .join('');
}

export interface AccessEntry {
  readonly remote: string;
  readonly method: string;
  readonly target: string;
  /** `-` when no answer was sent (an injected hang). */
  readonly status: number | '-';
  readonly bytes: number;
  readonly ms: number;
  /** The fault injected into this answer, if any. */
  readonly fault?: string | undefined;
}

/** One access-log line; the target has its keys masked. */
export function accessLine(entry: AccessEntry, keys: KeyLookup): string {
  return loggedLine({ ...entry, target: redactTarget(entry.target, keys) });
}

/** One access-log line of a target already as the log shows it (redactTarget). */
export function loggedLine(entry: AccessEntry): string {
  const line = `${entry.remote} "${entry.method} ${entry.target}" ${entry.status} ${entry.bytes} ${entry.ms.toFixed(1)}ms`;
  return entry.fault === undefined ? line : `${line} fault=${entry.fault}`;
}
