const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Characters as people count them, so a cut never splits an accent or an emoji. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}
