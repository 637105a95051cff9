import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invoiceModeProblem,
  type InvoiceModeForm,
} from '../../../src/renderer/src/settings/invoice-mode-settings';
import { SettingsPatch } from '../../../src/shared/ipc/contract/settings';

const form = (over: Partial<InvoiceModeForm> = {}): InvoiceModeForm => ({
  offlineAfterFailures: 2,
  offlineLowNumbers: 5,
  invoiceModeSegmentSize: 50,
  invoiceModeGroup: '',
  providerVariant: 'profile',
  ...over,
});

describe('Settings’ invoice-mode fields', () => {
  it('say what is wrong by the field’s name, in both languages', () => {
    expect(invoiceModeProblem(form())).toBeNull();
    expect(invoiceModeProblem(form({ offlineAfterFailures: 0 }))?.zh).toContain('連續未送達幾次改為離線開立');
    expect(invoiceModeProblem(form({ offlineLowNumbers: 101 }))?.en).toContain(
      'Warn when offline numbers left',
    );
    expect(invoiceModeProblem(form({ invoiceModeSegmentSize: 1001 }))?.en).toBe(
      'Offline numbers per split: 1 to 1000',
    );
    expect(invoiceModeProblem(form({ invoiceModeGroup: 'OFF01' }))).toBeNull();
    expect(invoiceModeProblem(form({ invoiceModeGroup: 'OFF01', providerVariant: 'systemlead' }))?.zh).toBe(
      '離線開立群組：最多 2 個英文字母或數字',
    );
  });

  it('pass exactly what main’s contract takes (profile variant)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 20 }),
        fc.integer({ min: -5, max: 120 }),
        fc.integer({ min: -5, max: 1200 }),
        fc.stringMatching(/^[A-Za-z0-9-]{0,12}$/),
        (failures, low, size, group) => {
          const values = {
            offlineAfterFailures: failures,
            offlineLowNumbers: low,
            invoiceModeSegmentSize: size,
            invoiceModeGroup: group,
          };
          const local = invoiceModeProblem(form(values)) === null;
          expect(local).toBe(SettingsPatch.safeParse(values).success);
        },
      ),
    );
  });
});
