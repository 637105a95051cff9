import { describe, expect, it } from 'vitest';
import { matchesJournalSearch } from '../../../src/renderer/src/journal/search';

/** Issue 24, item 8: the journal's search takes an invoice number with or without the dash. */
describe('the journal’s search box', () => {
  const sale = { orderNo: 'T01-20261127-000006', invoiceNumber: 'TR00000006' };

  it('finds an invoice number as the service lists it, as the proof prints it, or a part', () => {
    for (const typed of ['TR00000006', 'TR-00000006', 'tr-00000006', ' tr00000006 ', '00000006', 'TR-0000'])
      expect(matchesJournalSearch(sale, typed), typed).toBe(true);
    expect(matchesJournalSearch(sale, 'TR00000007')).toBe(false);
  });

  it('finds an order number with its dashes, without them, or a part', () => {
    for (const typed of ['T01-20261127-000006', 'T0120261127000006', '000006', '20261127-000006'])
      expect(matchesJournalSearch(sale, typed), typed).toBe(true);
    // Before, the first dash was taken out of whatever was typed: a whole order number found nothing.
    expect(matchesJournalSearch({ ...sale, invoiceNumber: null }, 'T01-20261127-000006')).toBe(true);
    expect(matchesJournalSearch(sale, 'T02-20261127')).toBe(false);
  });

  it('an empty box lists everything', () => {
    expect(matchesJournalSearch({ orderNo: 'X', invoiceNumber: null }, '  ')).toBe(true);
  });
});
