import { describe, expect, it } from 'vitest';
import { languageTag } from '../../../src/core/lang.js';

describe('languageTag', () => {
  it.each([
    ['fr', 'fr'],
    ['cz', 'cs'],
    ['la', 'lv'],
    ['ZH_CN', 'zh-CN'],
    ['zh_tw', 'zh-TW'],
    ['pt_br', 'pt-BR'],
    ['xx', 'en'],
    ['', 'en'],
  ])('%j → %s', (code, tag) => {
    expect(languageTag(code)).toBe(tag);
  });
});
