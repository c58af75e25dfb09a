import { describe, expect, it } from 'vitest';
import { quoted } from '../../../src/core/quote.js';

describe('quoted', () => {
  it('quotes a value of 60 characters whole', () => {
    expect(quoted('a'.repeat(60))).toBe(`"${'a'.repeat(60)}"`);
  });

  it('shortens a value of 61 characters to 40, and says how long it was', () => {
    expect(quoted('a'.repeat(61))).toBe(`"${'a'.repeat(40)}…" (61 characters)`);
  });

  it('counts what a reader sees as one character once (a flag is two code points)', () => {
    expect(quoted('🇫🇷'.repeat(60))).toBe(`"${'🇫🇷'.repeat(60)}"`);
  });
});
