import { graphemes } from './graphemes.js';

/** Longer than this, a value quoted back in a message is shortened. */
const LONGEST = 60;
const SHOWN = 40;

/**
 * A value the user gave, as messages quote it: in double quotes, control characters escaped, and
 * a long value shortened with its length said (`"aaaa…" (5000 characters)`), so that an error
 * line stays one readable line whatever was typed.
 */
export function quoted(text: string): string {
  const chars = graphemes(text);
  if (chars.length <= LONGEST) return JSON.stringify(text);
  return `${JSON.stringify(`${chars.slice(0, SHOWN).join('')}…`)} (${chars.length} characters)`;
}
