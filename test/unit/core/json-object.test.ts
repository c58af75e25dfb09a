import { describe, expect, it } from 'vitest';
import { parseJsonObject } from '../../../src/core/json-object.js';

describe('parseJsonObject: a record read back from a file', () => {
  it.each(['{}', '{"a":1}', ' {"a":[1],"b":{"c":null}}\n'])('%j is its object', (text) => {
    expect(parseJsonObject(text)).toEqual(JSON.parse(text));
  });

  it.each(['null', '[]', '[{"a":1}]', '7', '"{}"', 'true', '', '{"a":', '{"a":1}x'])(
    '%j is no record',
    (text) => {
      expect(parseJsonObject(text)).toBeUndefined();
    },
  );
});
