import { describe, expect, it } from 'vitest';
import { plural } from '../../../src/shared/domain';

describe('English plurals (issue 15): never "1 invoices"', () => {
  it('says one in the singular and any other count in the plural', () => {
    expect(plural(1, 'invoice')).toBe('1 invoice');
    expect(plural(0, 'invoice')).toBe('0 invoices');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
  });
});
