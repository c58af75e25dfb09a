/**
 * Small readers for values from the network: each returns the value or throws a DecodeProblem that
 * names the member, so "not an observation" errors say what was wrong.
 */
export class DecodeProblem extends Error {
  override readonly name = 'DecodeProblem';
}

export type Json = Record<string, unknown>;

/**
 * Remote text never reaches a terminal with control characters (C0, DEL, C1), nor with invisible
 * characters that change how the text around them reads: bidi embeddings, overrides and isolates
 * (U+202A–202E, U+2066–2069), direction marks (U+200E, U+200F), the zero-width space (U+200B),
 * word joiner (U+2060) and byte order mark (U+FEFF). The zero-width non-joiner and joiner
 * (U+200C, U+200D) stay: Persian spelling and emoji sequences need them, and they reorder nothing.
 */
const UNSHOWABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

export function stripControl(text: string): string {
  return text.replace(UNSHOWABLE, '');
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(parent: Json, key: string, path: string): Json {
  const value = parent[key];
  if (!isObject(value)) throw new DecodeProblem(`missing or invalid ${path}`);
  return value;
}

export function optionalObject(parent: Json, key: string, path: string): Json | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new DecodeProblem(`invalid ${path}`);
  return value;
}

export function number(parent: Json, key: string, path: string): number {
  const value = parent[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new DecodeProblem(`missing or invalid ${path}`);
  }
  return value;
}

export function optionalNumber(parent: Json, key: string, path: string): number | undefined {
  return parent[key] === undefined || parent[key] === null ? undefined : number(parent, key, path);
}

export function string(parent: Json, key: string, path: string): string {
  const value = parent[key];
  if (typeof value !== 'string') throw new DecodeProblem(`missing or invalid ${path}`);
  return stripControl(value);
}

export function optionalString(parent: Json, key: string, path: string): string | undefined {
  return parent[key] === undefined || parent[key] === null ? undefined : string(parent, key, path);
}

/** Copies only the members that are present, so optional ones stay absent (never undefined). */
export function defined<T extends Record<string, unknown>>(
  members: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(members)) if (value !== undefined) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
