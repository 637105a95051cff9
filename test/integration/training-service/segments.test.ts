import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES } from '../../../src/provider/pos-profile';
import { STANDARD_RESULT_MESSAGES } from '../../../src/provider/standard-profile';
import { STORE_VERSION_2, storeVersion, writeOldStore } from '../../support/old-training-stores';
import { makeTempDir } from '../../support/temp-dir';
import { DEVICES, deviceOrder, idList, issuedPerDevice, postWithPair, topLevelPair } from './device-client';
import { taipei } from './harness';
import { startStandardRig, type StandardRig } from './standard-client';

// Profile §4 Number ranges: each track of each period is cut into segments; a device gets the
// next free one when it first needs one and issues consecutively from it; GetInvoiceIDList names
// every segment, its device and [StartNumber, CurrentNumber), exactly the numbers issued from it.
describe('training service: per-device number segments', () => {
  let rig: StandardRig | undefined;
  const temps: Array<{ remove(): void }> = [];
  afterEach(async () => {
    await rig?.dispose();
    rig = undefined;
    for (const temp of temps.splice(0)) temp.remove();
  });

  let n = 0;
  /** Issues one order from `deviceId` with the top-level pair (valid for any DeviceID). */
  const issueFor = async (deviceId: string) => {
    const data = deviceOrder(`SEG-${++n}`, deviceId, rig!.clock.now());
    return (await postWithPair(rig!.svc, topLevelPair(rig!.svc), data, rig!.stamp())).answer;
  };
  const numberFor = async (deviceId: string) => {
    const answer = await issueFor(deviceId);
    expect(answer, JSON.stringify(answer)).toMatchObject({ StatusCode: 1 });
    return answer!.InvoiceNumber!;
  };

  it('gives two interleaving devices numbers from different segments, each consecutive', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), { config: { segmentSize: 5 } });
    const numbers: Array<[string, string]> = [];
    for (const device of ['A', 'B', 'A', 'A', 'B', 'C', 'A', 'B'])
      numbers.push([device, await numberFor(device)]);
    expect(numbers).toEqual([
      ['A', 'TR00000000'],
      ['B', 'TR00000005'],
      ['A', 'TR00000001'],
      ['A', 'TR00000002'],
      ['B', 'TR00000006'],
      ['C', 'TR00000010'],
      ['A', 'TR00000003'],
      ['B', 'TR00000007'],
    ]);
  });

  it('moves a device to the next free segment when its own is used up, then to the next track, then refuses', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), {
      config: { tracks: ['AB', 'CD'], numbersPerTrack: 7, firstSerial: 100, segmentSize: 3 },
    });
    // AB: [100-102] [103-105] [106] (the last one shorter); CD the same.
    expect(await numberFor('A')).toBe('AB00000100');
    expect(await numberFor('B')).toBe('AB00000103');
    expect(await numberFor('A')).toBe('AB00000101');
    expect(await numberFor('A')).toBe('AB00000102');
    // A's segment is used up: the next free one is AB's short last segment.
    expect(await numberFor('A')).toBe('AB00000106');
    // Used up again: AB has no free segment left, so CD's first.
    expect(await numberFor('A')).toBe('CD00000100');
    expect(await numberFor('B')).toBe('AB00000104');
    expect(await numberFor('C')).toBe('CD00000103');
    expect(await numberFor('D')).toBe('CD00000106');
    // E finds no free segment, though A, B and C still have numbers in theirs.
    expect(await issueFor('E')).toEqual({
      StatusCode: 0,
      ResultMessage: 'No invoice numbers left for period 115年11-12月 (11512)',
    });
    expect(await numberFor('A')).toBe('CD00000101');
    // D's one-number segment is used up and nothing is free: refused, while B still issues.
    expect(await issueFor('D')).toMatchObject({ StatusCode: 0 });
    expect(await numberFor('B')).toBe('AB00000105');
  });

  it('lists each track with its segments: [StartNumber, CurrentNumber) are exactly the issued numbers', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), {
      config: { tracks: ['AB', 'CD'], numbersPerTrack: 7, firstSerial: 100, segmentSize: 3 },
    });
    const issued = new Map<string, string[]>();
    for (const device of ['T01', 'T02', 'T01', 'T01', 'T01', 'T02', 'T03']) {
      const number = await numberFor(device);
      issued.set(device, [...(issued.get(device) ?? []), number]);
    }
    const tracks = await idList(rig, 2026, 12);
    expect(tracks).toEqual([
      {
        Word: 'AB',
        StageYear: 2026,
        StageMonth: 12,
        BeginNumber: '00000100',
        EndNumber: '00000106',
        Details: [
          {
            Code: '11512-AB-00000100',
            UseFor: 'T01',
            StartNumber: '00000100',
            EndNumber: '00000102',
            CurrentNumber: '00000103',
            InvoiceCount: 3,
            RowStatus: 'F',
          },
          {
            Code: '11512-AB-00000103',
            UseFor: 'T02',
            StartNumber: '00000103',
            EndNumber: '00000105',
            CurrentNumber: '00000105',
            InvoiceCount: 3,
            RowStatus: 'A',
          },
          {
            Code: '11512-AB-00000106',
            UseFor: 'T01',
            StartNumber: '00000106',
            EndNumber: '00000106',
            CurrentNumber: '00000107',
            InvoiceCount: 1,
            RowStatus: 'F',
          },
        ],
      },
      {
        Word: 'CD',
        StageYear: 2026,
        StageMonth: 12,
        BeginNumber: '00000100',
        EndNumber: '00000106',
        Details: [
          {
            Code: '11512-CD-00000100',
            UseFor: 'T03',
            StartNumber: '00000100',
            EndNumber: '00000102',
            CurrentNumber: '00000101',
            InvoiceCount: 3,
            RowStatus: 'A',
          },
        ],
      },
    ]);
    const listed = issuedPerDevice(tracks);
    for (const [device, numbers] of issued)
      expect(listed.get(device)?.sort(), device).toEqual(numbers.sort());
  });

  it('lists a period without numbers with its tracks and empty Details, and a whole year without StageMonth', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), {
      config: { tracks: ['AB'], periodTracks: { '11502': ['XY', 'ZW'] }, segmentSize: 50 },
    });
    await numberFor('T01');
    expect(await idList(rig, 2026, 8)).toEqual([
      {
        Word: 'AB',
        StageYear: 2026,
        StageMonth: 8,
        BeginNumber: '00000000',
        EndNumber: '00099999',
        Details: [],
      },
    ]);
    const year = await idList(rig, 2026);
    expect(year.map((track) => `${track.StageMonth}:${track.Word}:${track.Details.length}`)).toEqual([
      '2:XY:0',
      '2:ZW:0',
      '4:AB:0',
      '6:AB:0',
      '8:AB:0',
      '10:AB:0',
      '12:AB:1',
    ]);
    expect(year.at(-1)!.Details[0]).toMatchObject({
      UseFor: 'T01',
      StartNumber: '00000000',
      CurrentNumber: '00000001',
    });
  });

  it('answers a bad request for the list with StatusCode 0 or HTTP 400', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'));
    const seller = rig.svc.config.companyId;
    expect(await rig.ok('getInvoiceIdList', { CompanyID: seller, StageYear: 2026, StageMonth: 11 })).toEqual({
      StatusCode: 0,
      ResultMessage: `${STANDARD_RESULT_MESSAGES.invalidData}: StageMonth an even month 2-12`,
    });
    expect(await rig.ok('getInvoiceIdList', { CompanyID: '04595252', StageYear: 2026 })).toEqual({
      StatusCode: 0,
      ResultMessage: `${STANDARD_RESULT_MESSAGES.invalidData}: CompanyID is not the seller of this key pair`,
    });
    const asArray = await rig.call('getInvoiceIdList', [{ CompanyID: seller, StageYear: 2026 }]);
    expect(asArray.status).toBe(400);
  });

  it('keeps segments across a restart: a device goes on in its own segment', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), { config: { segmentSize: 10 } });
    expect(await numberFor('T01')).toBe('TR00000000');
    expect(await numberFor('T02')).toBe('TR00000010');
    await rig.restart();
    expect(await numberFor('T01')).toBe('TR00000001');
    expect(await numberFor('T03')).toBe('TR00000020');
    expect(await numberFor('T02')).toBe('TR00000011');
  });

  it('gives parallel orders of several devices distinct numbers, each device’s run consecutive in its segments', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), { config: { segmentSize: 4 } });
    const devices = ['T01', 'T02', 'T03', 'T04'];
    const answers = await Promise.all(
      devices.flatMap((device) =>
        Array.from({ length: 10 }, () => issueFor(device).then((answer) => ({ device, answer }))),
      ),
    );
    const issued = new Map<string, string[]>();
    for (const { device, answer } of answers) {
      expect(answer).toMatchObject({ StatusCode: 1 });
      issued.set(device, [...(issued.get(device) ?? []), answer!.InvoiceNumber!]);
    }
    expect(new Set(answers.map(({ answer }) => answer!.InvoiceNumber)).size).toBe(40);
    const listed = issuedPerDevice(await idList(rig, 2026, 12));
    for (const device of devices) expect(listed.get(device)!.sort()).toEqual(issued.get(device)!.sort());
  });

  it('on device pairs too: each till’s numbers come from its own segments', async () => {
    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), {
      config: { devices: [...DEVICES], segmentSize: 2 },
    });
    const numbers: string[] = [];
    for (const pair of [DEVICES[0], DEVICES[1], DEVICES[0], DEVICES[0], DEVICES[1]]) {
      const data = deviceOrder(`SEG-${++n}`, pair.deviceId, rig.clock.now());
      const { answer } = await postWithPair(rig.svc, pair, data, rig.stamp());
      numbers.push(answer!.InvoiceNumber!);
    }
    expect(numbers).toEqual(['TR00000000', 'TR00000002', 'TR00000001', 'TR00000004', 'TR00000003']);
    const listed = issuedPerDevice(await idList(rig, 2026, 12));
    expect(listed.get('T01')!.sort()).toEqual(['TR00000000', 'TR00000001', 'TR00000004']);
    expect(listed.get('T02')!.sort()).toEqual(['TR00000002', 'TR00000003']);
  });

  it('property: random interleavings never give one number twice, and every issued number is in its device’s [Start, Current)', async () => {
    const devices = ['T01', 'T02', 'T03'];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          segmentSize: fc.integer({ min: 1, max: 4 }),
          numbersPerTrack: fc.integer({ min: 4, max: 9 }),
          sequence: fc.array(fc.constantFrom(...devices), { minLength: 1, maxLength: 24 }),
        }),
        async ({ segmentSize, numbersPerTrack, sequence }) => {
          rig = await startStandardRig(taipei('2026-11-20T10:00:00'), {
            config: {
              tracks: ['AB', 'CD'],
              numbersPerTrack,
              segmentSize: Math.min(segmentSize, numbersPerTrack),
            },
          });
          try {
            const model = segmentModel(['AB', 'CD'], numbersPerTrack, Math.min(segmentSize, numbersPerTrack));
            const issued = new Map<string, string[]>();
            const all: string[] = [];
            for (const device of sequence) {
              const answer = await issueFor(device);
              const expected = model.issue(device);
              if (expected === null) {
                expect(answer?.StatusCode).toBe(0);
                expect(answer?.ResultMessage).toMatch(/^No invoice numbers left/);
                continue;
              }
              expect(answer).toMatchObject({ StatusCode: 1, InvoiceNumber: expected });
              issued.set(device, [...(issued.get(device) ?? []), expected]);
              all.push(expected);
            }
            expect(new Set(all).size).toBe(all.length);
            const listed = issuedPerDevice(await idList(rig, 2026, 12));
            for (const device of devices) {
              expect((listed.get(device) ?? []).sort()).toEqual((issued.get(device) ?? []).sort());
            }
          } finally {
            await rig.dispose();
            rig = undefined;
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

/**
 * The allocation rule, written out plainly: a device issues from its own segment; when it has none
 * with numbers left, it takes the lowest free segment of the first track that has one.
 */
function segmentModel(tracks: string[], numbersPerTrack: number, segmentSize: number) {
  const cursor = new Map(tracks.map((track) => [track, 0]));
  const active = new Map<string, { track: string; next: number; end: number }>();
  return {
    issue(device: string): string | null {
      let segment = active.get(device);
      if (!segment || segment.next > segment.end) {
        segment = undefined;
        for (const track of tracks) {
          const start = cursor.get(track)!;
          if (start >= numbersPerTrack) continue;
          const end = Math.min(start + segmentSize, numbersPerTrack) - 1;
          cursor.set(track, end + 1);
          segment = { track, next: start, end };
          active.set(device, segment);
          break;
        }
        if (!segment) return null;
      }
      return `${segment.track}${String(segment.next++).padStart(8, '0')}`;
    },
  };
}

describe('training service: store migration to number segments (version 3)', () => {
  let rig: StandardRig | undefined;
  const temp = makeTempDir('training-migration-v3');
  afterEach(async () => {
    await rig?.dispose();
    temp.remove();
  });

  it('keeps a version-2 store’s numbers, timestamps and invoices; new segments start at the next boundary', async () => {
    const seller = '24549210';
    const issuedAt = '2026-11-20T01:00:00.000Z';
    const usedSecond = Math.floor(taipei('2026-11-20T09:59:00').getTime() / 1000);
    writeOldStore(temp.dir, STORE_VERSION_2, (db) => {
      const insert = db.prepare(
        `INSERT INTO invoices (company_id, billing_no, invoice_number, period_code, invoice_date_time,
         random_number, total_amount, operation, qkey, issued_at, invoice_for, buyer_id)
       VALUES (?, ?, ?, ?, '2026-11-20T09:00:00', '1234', 185, '/Append/Order', NULL, ?, 'C', '0000000000')`,
      );
      // 11512: TR 0-6 and TS 0-1 used (by any tills); 11510: TR 0-2.
      for (let serial = 0; serial < 7; serial++) {
        insert.run(seller, `OLD-TR-${serial}`, `TR${String(serial).padStart(8, '0')}`, '11512', issuedAt);
      }
      insert.run(seller, 'OLD-TS-0', 'TS00000000', '11512', issuedAt);
      insert.run(seller, 'OLD-TS-1', 'TS00000001', '11512', issuedAt);
      for (let serial = 0; serial < 3; serial++) {
        insert.run(seller, `OLD-OCT-${serial}`, `TR${String(serial).padStart(8, '0')}`, '11510', issuedAt);
      }
      db.exec(`INSERT INTO track_cursors VALUES ('11512', 'TR', 7), ('11512', 'TS', 2), ('11510', 'TR', 3)`);
      db.prepare('INSERT INTO used_timestamps VALUES (?, ?, ?)').run(seller, usedSecond, issuedAt);
    });

    rig = await startStandardRig(taipei('2026-11-20T10:00:00'), {
      dataDir: temp.dir,
      config: { devices: [...DEVICES], segmentSize: 1000 },
    });
    // The old numbers: one used-up segment per track without a device, exactly what was issued.
    const before = await idList(rig, 2026, 12);
    expect(before.map((track) => [track.Word, track.Details])).toEqual([
      [
        'TR',
        [
          {
            Code: '11512-TR-00000000',
            UseFor: '',
            StartNumber: '00000000',
            EndNumber: '00000006',
            CurrentNumber: '00000007',
            InvoiceCount: 7,
            RowStatus: 'F',
          },
        ],
      ],
      [
        'TS',
        [
          {
            Code: '11512-TS-00000000',
            UseFor: '',
            StartNumber: '00000000',
            EndNumber: '00000001',
            CurrentNumber: '00000002',
            InvoiceCount: 2,
            RowStatus: 'F',
          },
        ],
      ],
    ]);
    expect(issuedPerDevice(await idList(rig, 2026, 10)).get('')).toEqual([
      'TR00000000',
      'TR00000001',
      'TR00000002',
    ]);

    // New numbers: the next free segment starts at the next multiple of 1000 after the old cursor.
    expect(await postForDevice(rig, 0)).toBe('TR00001000');
    expect(await postForDevice(rig, 1)).toBe('TR00002000');
    expect(await postForDevice(rig, 0)).toBe('TR00001001');

    // The top-level pair keeps its used timestamps in the company's space; a device pair has its own.
    const top = await postWithPair(
      rig.svc,
      topLevelPair(rig.svc),
      deviceOrder('MIG-TOP', 'T01', rig.clock.now()),
      usedSecond,
    );
    expect(top.answer).toEqual({ StatusCode: 0, ResultMessage: RESULT_MESSAGES.timestampUsed });
    const own = await postWithPair(
      rig.svc,
      DEVICES[0],
      deviceOrder('MIG-OWN', 'T01', rig.clock.now()),
      usedSecond,
    );
    expect(own.answer).toMatchObject({ StatusCode: 1 });

    // Old invoices are still served (and upload normally: issued an hour before, confirmed).
    expect(await rig.status(['TR00000006', 'TS00000001'])).toMatchObject([
      { InvoiceID: 'TR00000006', ProcessStatus: 'I9', BillingNo: 'OLD-TR-6' },
      { InvoiceID: 'TS00000001', ProcessStatus: 'I9', BillingNo: 'OLD-TS-1' },
    ]);
    expect(await rig.svc.lookup('OLD-TR-3')).toMatchObject({ found: true, AppendStatus: 'C' });

    // Opening again runs nothing twice.
    await rig.restart();
    expect(await postForDevice(rig, 1)).toBe('TR00002001');
    expect((await idList(rig, 2026, 12))[0]!.Details).toHaveLength(3);
    await rig.svc.stop();
    expect(storeVersion(temp.dir)).toBe(3);
    rig = undefined;
  });

  let m = 0;
  async function postForDevice(target: StandardRig, index: 0 | 1 | 2): Promise<string> {
    const pair = DEVICES[index];
    const data = deviceOrder(`MIG-${++m}`, pair.deviceId, target.clock.now());
    const { answer } = await postWithPair(target.svc, pair, data, target.stamp());
    expect(answer, JSON.stringify(answer)).toMatchObject({ StatusCode: 1 });
    return answer!.InvoiceNumber!;
  }
});
