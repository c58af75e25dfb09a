// Made on first use: creating one costs several milliseconds, and most runs split no text.
let segmenter: Intl.Segmenter | undefined;

/** Characters as people count them, so a width or a cut never splits an accent or an emoji. */
export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}
