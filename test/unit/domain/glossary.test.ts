import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateNtd,
  CARRIER_TYPES,
  CARRIER_TYPE_LABEL,
  includedTax,
  INVOICE_KIND_LABEL,
  INVOICE_STANDING_LABEL,
  labelOf,
  OPERATION_LABEL,
  PAYMENT_METHOD_LABEL,
  RECORD_LABEL,
  RETURN_KIND_LABEL,
  RETURN_STATE_LABEL,
  splitTax,
  TAX_TYPE_LABEL,
  TX_STATE_LABEL,
  TERMS,
  glossaryMarkdown,
  type Bilingual,
  type Term,
} from '../../../src/shared/domain';
import { RETURN_KINDS, RETURN_STATES, TX_STATES } from '../../../src/main/journal/types';
import { UNKNOWN_PAYMENT_METHOD } from '../../../src/main/journal/summary';
import { posOperations } from '../../../src/provider/pos-profile';
import { InvoiceKindSchema, PaymentMethod } from '../../../src/shared/ipc/contract/checkout';
import { ProductTaxType } from '../../../src/shared/ipc/contract/catalog';
import { ReturnKindSchema } from '../../../src/shared/ipc/contract/returns';

const keys = (table: object) => Object.keys(table).sort();

const ROOT = join(__dirname, '..', '..', '..');

/** Screens other helpers are rewriting at the time of writing: swept once they land (issue 15). */
const LEFT_FOR_LATER: readonly string[] = [];

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

describe('the glossary: one vocabulary for screens, slips and exports', () => {
  it('has words for every code the journal and the contract know, and no others', () => {
    expect(keys(TX_STATE_LABEL)).toEqual([...TX_STATES].sort());
    expect(keys(RETURN_STATE_LABEL)).toEqual([...RETURN_STATES].sort());
    expect(keys(RETURN_KIND_LABEL)).toEqual([...RETURN_KINDS].sort());
    expect(keys(RECORD_LABEL)).toEqual(['sale', ...RETURN_KINDS].sort());
    expect(keys(INVOICE_KIND_LABEL)).toEqual([...InvoiceKindSchema.options].sort());
    expect(keys(OPERATION_LABEL)).toEqual([...posOperations].sort());
    expect(keys(PAYMENT_METHOD_LABEL)).toEqual([...PaymentMethod.options, UNKNOWN_PAYMENT_METHOD].sort());
    expect(keys(CARRIER_TYPE_LABEL)).toEqual(Object.values(CARRIER_TYPES).sort());
    expect(keys(TAX_TYPE_LABEL)).toEqual([...ProductTaxType.options].sort());
    expect(keys(INVOICE_STANDING_LABEL)).toEqual(['none', 'standing', 'voided']);
    // The returns contract's allowance void (`cancel-allowance`) is the journal's `allowance-void`.
    expect(ReturnKindSchema.options).toEqual(['void', 'allowance', 'cancel-allowance']);
  });

  it('says each word in Chinese and English, and no two codes of a table alike', () => {
    const tables: Record<string, Readonly<Record<string, Bilingual>>> = {
      TX_STATE_LABEL,
      RETURN_STATE_LABEL,
      RETURN_KIND_LABEL,
      RECORD_LABEL,
      INVOICE_KIND_LABEL,
      OPERATION_LABEL,
      PAYMENT_METHOD_LABEL,
      CARRIER_TYPE_LABEL,
      TAX_TYPE_LABEL,
      INVOICE_STANDING_LABEL,
    };
    for (const [name, table] of Object.entries(tables)) {
      const words = Object.values(table);
      for (const word of words) {
        expect(word.zh, name).toMatch(/[\u4e00-\u9fff]/);
        expect(word.en, name).toMatch(/^[A-Z]/);
      }
      expect(new Set(words.map((w) => w.zh)).size, name).toBe(words.length);
      expect(new Set(words.map((w) => w.en)).size, name).toBe(words.length);
    }
    // The example: the slip and the screen both say 紙本證明聯 for a paper proof.
    expect(OPERATION_LABEL.order).toEqual({ zh: '紙本證明聯', en: 'Paper proof' });
    expect(OPERATION_LABEL.order).toBe(INVOICE_KIND_LABEL.paper);
  });

  it('names a code it does not know by the code itself, never by an inherited member', () => {
    fc.assert(
      fc.property(fc.string(), (code) => {
        const words = labelOf(TX_STATE_LABEL, code);
        if (Object.hasOwn(TX_STATE_LABEL, code)) expect(words).toBe(TX_STATE_LABEL[code as 'issued']);
        else expect(words).toEqual({ zh: code, en: code });
      }),
    );
    for (const code of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(labelOf(PAYMENT_METHOD_LABEL, code)).toEqual({ zh: code, en: code });
    }
  });
});

describe('tax as the return counts it', () => {
  it('takes the tax out of a tax-inclusive amount as splitTax does for a business invoice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), (total) => {
        const split = splitTax([{ name: 'x', quantity: 1, unitPrice: total, taxType: 'taxable' }], 'B');
        expect(split.ok && split.amounts.taxAmount).toBe(includedTax(total));
      }),
    );
    expect(includedTax(534)).toBe(25);
    expect(includedTax(0)).toBe(0);
  });

  it('shares an amount out in proportion, adding up exactly, nothing to a weight of 0 or less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.array(fc.integer({ min: -1000, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const shares = allocateNtd(amount, weights);
          expect(shares).toHaveLength(weights.length);
          const base = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
          if (base === 0) {
            expect(shares.every((s) => s === 0)).toBe(true);
            return;
          }
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          shares.forEach((share, i) => {
            const exact = (amount * Math.max(0, weights[i]!)) / base;
            expect(Math.abs(share - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('the product terms (issue 15): one word for each thing, written down in docs/glossary.md', () => {
  it('docs/glossary.md is what the table writes', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'glossary.md'), 'utf8');
    expect(doc).toBe(glossaryMarkdown());
  });

  it('no term is another term’s variant, and each has words in both languages', () => {
    const words = Object.values(TERMS).flatMap((term) => [term.zh, term.en]);
    for (const term of Object.values(TERMS) as Term[]) {
      expect(term.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(term.en).toMatch(/^[A-Za-z]/);
      for (const variant of term.avoid) expect(words).not.toContain(variant);
    }
  });

  /**
   * Screens and messages use the terms: no avoided variant in the renderer's or main's code
   * (comments aside). 單號 alone is the order number's old name; 折讓單號 is a term of its own.
   * English "provider" stays in code names, so only its phrases a cashier reads are looked for:
   * "the provider", and the word in an `en:` text.
   */
  it('the renderer and main say no avoided variant', () => {
    const variants = [...Object.values(TERMS).flatMap((term) => term.avoid), 'the provider'].filter(
      (word) => !['provider', '單號', 'vehicle', 'tax number'].includes(word),
    );
    const found: string[] = [];
    for (const dir of ['src/renderer/src', 'src/main']) {
      for (const file of filesUnder(join(ROOT, dir), /\.tsx?$/)) {
        if (LEFT_FOR_LATER.some((name) => file.endsWith(name))) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            const code = line.trim();
            if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
            const text = code.replace(/\s\/\/ .*$/, '').replace(/折讓單號/g, '');
            const hits = variants.filter((word) => text.includes(word));
            if (/單號/.test(text)) hits.push('單號');
            // An English text a cashier reads says "e-invoice service", as its Chinese says 發票服務.
            if (/\ben:\s*['"`][^'"`]*\bprovider\b/i.test(text)) hits.push('en: …provider…');
            if (hits.length > 0) found.push(`${relative(ROOT, file)}:${index + 1} ${hits.join(', ')}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
