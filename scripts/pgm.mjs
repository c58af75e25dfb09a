// Binary 8-bit PGMs (P5), the format of the precipitation and temperature maps of data/climate/:
// written by scripts/climate-guides.mjs from what djpeg writes, read by scripts/build-climate.mjs.

/**
 * The grey levels of a binary 8-bit PGM of `width` × `height`, rows as the file has them.
 * @param {Uint8Array} pgm
 * @param {number} width
 * @param {number} height
 * @param {string} what the file, for the error
 */
export function pgmLevels(pgm, width, height, what) {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(
    Buffer.from(pgm.subarray(0, 64)).toString('latin1'),
  );
  if (!header || Number(header[1]) !== width || Number(header[2]) !== height) {
    throw new Error(`${what}: not an 8-bit PGM of ${width} × ${height}`);
  }
  return new Uint8Array(pgm.subarray(header[0].length, header[0].length + width * height));
}

/**
 * A binary 8-bit PGM of `levels`, `width` × `height`.
 * @param {Uint8Array} levels
 * @param {number} width
 * @param {number} height
 */
export function pgmBytes(levels, width, height) {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), levels]);
}
