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

export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPELT_OUT[c] ?? c)
    .replace(/['’ʻ`]/g, '')
    .replace(/[\s\-_.,()]+/g, ' ')
    .trim();
}
