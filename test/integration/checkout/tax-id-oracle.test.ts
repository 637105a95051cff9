import { describe, expect, it } from 'vitest';
import { TillError } from '../../../src/main/core/errors';
import { postOrder, sampleOrder } from '../../support/pos-client';
import { businessOrder, useCheckoutRig } from './harness';

/**
 * The buyer tax ID through the real till and the real training service, whose check is its own
 * reading of profile §3 (profile-rules.ts), not the till's validateBuyerTaxId: every ID the till
 * sends must be one the service issues, and every ID the till refuses must be one the service
 * refuses too. Each check digit of a few stems, the 7th-digit-7 rule's among them, so both
 * sides meet every branch of the rule.
 */
const STEMS = ['0459525', '1045857', '0000007', '1234567', '9876577', '2222227', '8888888'];
const IDS = STEMS.flatMap((stem) => Array.from({ length: 10 }, (_, last) => `${stem}${last}`));

describe('buyer tax IDs: the till refuses exactly what the e-invoice service refuses (profile §3)', () => {
  const rig = useCheckoutRig('checkout-tax-id-oracle');

  it('for every check digit of each stem', async () => {
    const verdicts: Array<[string, 'till refused' | 'issued' | 'service refused']> = [];
    for (const id of IDS) {
      const order = businessOrder();
      order.invoice = { kind: 'business', buyerTaxId: id, buyerTitle: '範例股份有限公司' };
      const result = await rig.till.engine.submit(order).catch((error: unknown) => {
        if (error instanceof TillError) return error;
        throw error;
      });
      if (result instanceof TillError) {
        // Refused before anything was sent: the service, asked directly, must refuse it as well.
        const direct = await postOrder(
          {
            url: rig.service.url,
            companyId: rig.service.config.companyId,
            apiKey: rig.service.config.apiKey,
            signingSecret: rig.service.config.signingSecret,
          },
          'order',
          sampleOrder(`TAXID-${id}`, { buyerTaxId: id }),
        );
        expect(direct.json, id).toMatchObject({ StatusCode: 0 });
        expect(String(direct.json?.ResultMessage), id).toMatch(/BuyerID is not a valid tax ID/);
        verdicts.push([id, 'till refused']);
      } else {
        verdicts.push([id, result.state === 'issued' ? 'issued' : 'service refused']);
      }
    }
    expect(verdicts.filter(([, verdict]) => verdict === 'service refused')).toEqual([]);
    // Both kinds occur: 2 valid check digits per stem at least (0, 5 or the 7 rule's).
    expect(verdicts.filter(([, verdict]) => verdict === 'issued').length).toBeGreaterThanOrEqual(14);
    expect(verdicts.filter(([, verdict]) => verdict === 'till refused').length).toBeGreaterThanOrEqual(35);
  });
});
