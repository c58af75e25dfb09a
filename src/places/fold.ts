/**
 * The form names are compared in: case, diacritics and punctuation do not matter, so "Zürich",
 * "zurich" and "ZURICH" are one key, as are "Saint-Étienne" and "saint etienne". Letters that
 * Unicode does not decompose (ß, æ, ø, ł, đ, ı) are spelt out the way their languages transliterate
 * them. scripts/build-names.mjs folds the GeoNames names with this same function, so the index and
 * the query cannot disagree.
 */
const SPELT_OUT: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** The letters of SPELT_OUT, found in one pass. */
const SPELT_OUT_LETTERS = new RegExp(`[${Object.keys(SPELT_OUT).join('')}]`, 'g');
/**
 * Apostrophes, dropped: ' and `, ’ (U+2019) and the ʻokina (U+02BB). Written as escapes: esbuild
 * escapes the letters of the table above, which are strings, but not those of a regular
 * expression, and the single executable's bundle must stay Latin-1 text (scripts/package.mjs).
 */
const APOSTROPHES = /['\u2019\u02bb`]/g;

export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(SPELT_OUT_LETTERS, (c) => SPELT_OUT[c] ?? c)
    .replace(APOSTROPHES, '')
    .replace(/[\s\-_.,()]+/g, ' ')
    .trim();
}
