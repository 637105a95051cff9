import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWireBody, variantFor } from '../../../src/provider/variants';
import { systemLeadSignature } from '../../../src/provider/variants/systemlead';
import { freshTimestamp, sampleOrder } from '../../support/pos-client';
import { startService, type RunningService } from './harness';

/**
 * The training service in SystemLead's dialect (provider profile §6), on the wire: its recipe
 * signs, its field names are the order's, its answers are arrays without StatusCode; the
 * profile's wire body is refused before anything is issued.
 */
describe('the training service speaking the systemlead variant', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService({ config: { variant: 'systemlead' } });
  });
  afterAll(() => running.dispose());

  const send = (body: unknown) => running.post('order', undefined, { rawBody: JSON.stringify(body) });
  const wire = (billingNo: string, variant: 'profile' | 'systemlead', signature?: string) => {
    const { companyId, signingSecret } = running.config;
    const timestamp = freshTimestamp();
    const body = buildWireBody(
      variantFor(variant),
      companyId,
      signingSecret,
      timestamp,
      sampleOrder(billingNo),
    );
    return signature === undefined ? body : { ...body, Signature: signature };
  };

  it('issues a SystemLead order and answers [{ InvoiceID, InvoiceDateTime, AuthCode }]', async () => {
    const body = wire('SL-0001', 'systemlead');
    expect(body.Signature).toBe(systemLeadSignature(body.Timestamp, running.config.signingSecret));
    expect(body.Data).toMatchObject({ RelateNumber: 'SL-0001', DonateMark: '0' });
    const call = await send(body);
    expect(call.status).toBe(200);
    const answer = JSON.parse(call.text) as Array<Record<string, unknown>>;
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatchObject({
      InvoiceID: expect.stringMatching(/^[A-Z]{2}\d{8}$/),
      AuthCode: expect.stringMatching(/^\d{4}$/),
      InvoiceDateTime: expect.any(String),
    });
    expect(answer[0]).not.toHaveProperty('StatusCode');
    expect(await running.lookup('SL-0001')).toMatchObject({
      found: true,
      InvoiceNumber: answer[0]!.InvoiceID,
    });
  });

  it('refuses the profile’s recipe and field names with [{ Message }], issuing nothing', async () => {
    const profileSigned = await send(wire('SL-0002', 'profile'));
    expect(JSON.parse(profileSigned.text)).toEqual([{ Message: 'Signature mismatch' }]);
    const renamed = wire('SL-0004', 'systemlead');
    const mixed = await send({ ...renamed, Data: { ...renamed.Data, BillingNo: 'SL-0004' } });
    expect(JSON.parse(mixed.text)).toEqual([{ Message: 'BillingNo is not a field of this API' }]);
    for (const billingNo of ['SL-0002', 'SL-0004']) {
      expect(await running.lookup(billingNo)).toMatchObject({ found: false });
    }
  });
});
