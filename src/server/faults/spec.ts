/**
 * The grammar of `weather serve --faults`: comma-separated rules `kind[:trigger]`, where the
 * trigger is a probability per request (`429:0.05`), every n-th request (`500:every=10`) or one
 * key (`401:key=0123…`); a rule without a trigger applies to every request. Kept free of the
 * server's other modules so the command line can check a spec without loading them.
 */
export const FAULT_KINDS = [
  '401',
  '429',
  '500',
  '502',
  '503',
  'hang',
  'slow',
  'reset',
  'truncate',
  'portal',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export type FaultTrigger =
  | { readonly on: 'always' }
  | { readonly on: 'probability'; readonly p: number }
  | { readonly on: 'every'; readonly n: number }
  | { readonly on: 'key'; readonly key: string };

export interface FaultRule {
  readonly fault: FaultKind;
  readonly trigger: FaultTrigger;
}

export function isFaultKind(text: string): text is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(text);
}

export type FaultSpecResult =
  | { readonly ok: true; readonly rules: readonly FaultRule[] }
  | { readonly ok: false; readonly problem: string };

const PROBABILITY = /^(?:0?\.\d+|1(?:\.0*)?|0)$/;
const COUNT = /^[1-9]\d{0,8}$/;

function parseTrigger(text: string): FaultTrigger | string {
  if (PROBABILITY.test(text)) {
    const p = Number(text);
    return p > 0 ? { on: 'probability', p } : 'a probability must be above 0';
  }
  if (text.startsWith('every=')) {
    const n = text.slice('every='.length);
    return COUNT.test(n) ? { on: 'every', n: Number(n) } : `"${n}" is not a whole number above 0`;
  }
  if (text.startsWith('key=')) {
    const key = text.slice('key='.length);
    return key === '' ? 'key= needs a key' : { on: 'key', key };
  }
  return `"${text}" is not a probability (0.05), every=N or key=KEY`;
}

export function parseFaultSpec(text: string): FaultSpecResult {
  const rules: FaultRule[] = [];
  for (const part of text.split(',')) {
    const rule = part.trim();
    const colon = rule.indexOf(':');
    const kind = colon < 0 ? rule : rule.slice(0, colon);
    if (!isFaultKind(kind)) {
      return { ok: false, problem: `"${kind}" is not one of ${FAULT_KINDS.join(', ')}` };
    }
    const trigger = colon < 0 ? { on: 'always' as const } : parseTrigger(rule.slice(colon + 1));
    if (typeof trigger === 'string') return { ok: false, problem: `${kind}: ${trigger}` };
    rules.push({ fault: kind, trigger });
  }
  return { ok: true, rules };
}
