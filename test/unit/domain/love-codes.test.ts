import { describe, expect, it } from 'vitest';
import { COMMON_LOVE_CODES, loveCodeName, validateLoveCode } from '../../../src/shared/domain';

describe('common love codes (issue 24, item 10)', () => {
  it('lists each code once, each a valid love code, with a name in both languages', () => {
    const codes = COMMON_LOVE_CODES.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of COMMON_LOVE_CODES) {
      expect(validateLoveCode(entry.code)).toEqual({ ok: true, value: entry.code });
      expect(entry.name.zh).not.toBe('');
      expect(entry.name.en).not.toBe('');
    }
  });

  it('names 家扶 for 8585 and nothing for a code it does not list', () => {
    expect(loveCodeName(' 8585 ')?.zh).toContain('家扶');
    expect(loveCodeName('1234567')).toBeNull();
  });
});
