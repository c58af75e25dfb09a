/**
 * The small records weather keeps in files (lock owners, cache headers, failures), read back:
 * a damaged file only means "no record", so anything but a JSON object is undefined.
 */
export function asObject(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function parseJsonObject(text: string): Readonly<Record<string, unknown>> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}
