const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A coordinate within [-limit, limit] written as a plain decimal number (optional sign, optional
 * exponent), or undefined. NaN, Infinity, hex, empty text, spaces and overflow are not coordinates.
 */
export function parseCoordinate(text: string, limit: number): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < -limit || value > limit) return undefined;
  return value === 0 ? 0 : value;
}
