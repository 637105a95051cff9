import { describe, expect, it } from 'vitest';
import { parseTrainingServiceConfig, trainingDefaults } from '../../../src/training-service';

const required = {
  companyId: '04595252',
  sellerName: '好日子咖啡',
  apiKey: 'shop-api-key',
  signingSecret: 'shop-signing-secret',
  qrAesKey: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
  adminToken: 'shop-admin-token-0001',
};

const refusal = (json: unknown) => {
  const parsed = parseTrainingServiceConfig(json);
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed.message;
};

describe('training service config', () => {
  it('fills in every default around the six required settings', () => {
    const parsed = parseTrainingServiceConfig(required);
    expect(parsed).toEqual({
      ok: true,
      config: {
        ...required,
        standardApiKey: 'training-standard-api-key',
        standardSigningSecret: 'training-standard-signing-secret',
        qrAesKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        tracks: ['TR', 'TS'],
        periodTracks: {},
        numbersPerTrack: 100_000,
        firstSerial: 0,
        publicBaseUrl: 'https://einvoice-training.invalid',
        timestampWindowSeconds: 300,
        clockOffsetSeconds: 0,
        maxBodyBytes: 1024 * 1024,
        maxOrderAgeHours: 48,
        variant: 'profile',
        devices: [],
        segmentSize: 1000,
        uploadAfterSeconds: 60,
        confirmAfterSeconds: 120,
        cloudPrinters: [],
      },
    });
  });

  it('speaks the variant it is given, and refuses an unknown one', () => {
    const systemlead = parseTrainingServiceConfig({ ...required, variant: 'systemlead' });
    expect(systemlead.ok && systemlead.config.variant).toBe('systemlead');
    expect(refusal({ ...required, variant: 'ecpay' }).en).toBe(
      'Bad config: variant must be one of profile, systemlead',
    );
  });

  it('gives the training defaults, which parse as they are', () => {
    const defaults = trainingDefaults();
    expect(defaults).toMatchObject({ companyId: '24549210', sellerName: '練習商店' });
    expect(parseTrainingServiceConfig(defaults)).toEqual({ ok: true, config: defaults });
  });

  it('takes a standard key pair of its own, never the POS pair', () => {
    const own = parseTrainingServiceConfig({
      ...required,
      standardApiKey: 'shop-standard-key',
      standardSigningSecret: 'shop-standard-secret',
    });
    expect(own.ok && own.config).toMatchObject({
      standardApiKey: 'shop-standard-key',
      standardSigningSecret: 'shop-standard-secret',
    });
    expect(refusal({ ...required, standardApiKey: required.apiKey })).toEqual({
      zh: '設定錯誤：standardApiKey 不可與 apiKey 相同',
      en: 'Bad config: standardApiKey must differ from apiKey',
    });
    expect(refusal({ ...required, standardSigningSecret: required.signingSecret })).toEqual({
      zh: '設定錯誤：standardSigningSecret 不可與 signingSecret 相同',
      en: 'Bad config: standardSigningSecret must differ from signingSecret',
    });
    expect(refusal({ ...required, standardApiKey: 'short' }).en).toBe(
      'Bad config: standardApiKey must be at least 8 printable ASCII characters without spaces',
    );
    expect(refusal({ ...required, standardApikey: 'typo-typo-typo' }).en).toBe(
      'Bad config: unknown setting standardApikey',
    );
  });

  it('accepts its optional settings and trims a trailing slash off the base address', () => {
    const parsed = parseTrainingServiceConfig({
      ...required,
      tracks: ['AB'],
      periodTracks: { '11512': ['CD', 'EF'] },
      numbersPerTrack: 50,
      firstSerial: 12_345_650,
      publicBaseUrl: 'https://bind.example.test/pos/',
      clockOffsetSeconds: -120,
    });
    expect(parsed.ok && parsed.config).toMatchObject({
      tracks: ['AB'],
      periodTracks: { '11512': ['CD', 'EF'] },
      numbersPerTrack: 50,
      firstSerial: 12_345_650,
      publicBaseUrl: 'https://bind.example.test/pos',
      clockOffsetSeconds: -120,
    });
  });

  it('takes registered devices with key pairs of their own, segments and upload times', () => {
    const devices = [
      { deviceId: 'T01', apiKey: 'till-01-api-key', signingSecret: 'till-01-secret' },
      { deviceId: '櫃台 2', apiKey: 'till-02-api-key', signingSecret: 'till-01-secret' },
    ];
    const parsed = parseTrainingServiceConfig({
      ...required,
      devices,
      segmentSize: 250,
      uploadAfterSeconds: 0,
      confirmAfterSeconds: 0,
    });
    expect(parsed.ok && parsed.config).toMatchObject({
      devices,
      segmentSize: 250,
      uploadAfterSeconds: 0,
      confirmAfterSeconds: 0,
    });
  });

  it('cuts segments of 1,000 unless a track is shorter, and takes a segment as long as the track', () => {
    const short = parseTrainingServiceConfig({ ...required, numbersPerTrack: 50 });
    expect(short.ok && short.config.segmentSize).toBe(50);
    const whole = parseTrainingServiceConfig({ ...required, numbersPerTrack: 50, segmentSize: 50 });
    expect(whole.ok && whole.config.segmentSize).toBe(50);
    const one = parseTrainingServiceConfig({ ...required, segmentSize: 1 });
    expect(one.ok && one.config.segmentSize).toBe(1);
  });

  const device = (index: number, fields: Record<string, unknown> = {}) => ({
    deviceId: `T0${index}`,
    apiKey: `till-0${index}-api-key`,
    signingSecret: `till-0${index}-secret`,
    ...fields,
  });

  it.each<[unknown, string, string]>([
    [
      { ...required, devices: { deviceId: 'T01' } },
      '設定錯誤：devices 必須是清單，例如 [{"deviceId":"T01","apiKey":"…","signingSecret":"…"}]',
      'Bad config: devices must be a list, e.g. [{"deviceId":"T01","apiKey":"…","signingSecret":"…"}]',
    ],
    [
      { ...required, devices: ['T01'] },
      '設定錯誤：devices[0] 必須是 {"deviceId","apiKey","signingSecret"} 物件',
      'Bad config: devices[0] must be an object {"deviceId","apiKey","signingSecret"}',
    ],
    [
      { ...required, devices: [device(1), device(2, { apikey: 'x' })] },
      '設定錯誤：devices[1] 有不認識的設定項目 apikey',
      'Bad config: devices[1] has an unknown setting apikey',
    ],
    ...['', ' T01', 'T\u000101', 'T'.repeat(41), 7].map((deviceId): [unknown, string, string] => [
      { ...required, devices: [device(1, { deviceId })] },
      '設定錯誤：devices[0].deviceId 必須是 1 到 40 個可列印字元（前後不留空白）',
      'Bad config: devices[0].deviceId must be 1 to 40 printable characters without leading or trailing spaces',
    ]),
    [
      { ...required, devices: [device(1, { apiKey: 'short' })] },
      '設定錯誤：devices[0].apiKey 必須是至少 8 個可列印 ASCII 字元（不含空白）',
      'Bad config: devices[0].apiKey must be at least 8 printable ASCII characters without spaces',
    ],
    [
      { ...required, devices: [device(1, { signingSecret: undefined })] },
      '設定錯誤：devices[0].signingSecret 必須是至少 8 個可列印 ASCII 字元（不含空白）',
      'Bad config: devices[0].signingSecret must be at least 8 printable ASCII characters without spaces',
    ],
    [
      { ...required, devices: [device(1), device(2, { deviceId: 'T01' })] },
      '設定錯誤：devices[1].deviceId 與 devices[0] 重複',
      'Bad config: devices[1].deviceId repeats devices[0]',
    ],
    [
      { ...required, devices: [device(1, { apiKey: required.apiKey })] },
      '設定錯誤：devices[0].apiKey 不可與 apiKey 相同',
      'Bad config: devices[0].apiKey must differ from apiKey',
    ],
    [
      { ...required, devices: [device(1, { apiKey: 'training-standard-api-key' })] },
      '設定錯誤：devices[0].apiKey 不可與 standardApiKey 相同',
      'Bad config: devices[0].apiKey must differ from standardApiKey',
    ],
    [
      { ...required, devices: [device(1), device(2), device(3, { apiKey: 'till-02-api-key' })] },
      '設定錯誤：devices[2].apiKey 不可與 devices[1].apiKey 相同',
      'Bad config: devices[2].apiKey must differ from devices[1].apiKey',
    ],
    [
      { ...required, devices: [device(1, { signingSecret: 'training-standard-signing-secret' })] },
      '設定錯誤：devices[0].signingSecret 不可與 standardSigningSecret 相同',
      'Bad config: devices[0].signingSecret must differ from standardSigningSecret',
    ],
    [
      { ...required, segmentSize: 0 },
      '設定錯誤：segmentSize 必須是 1 到 100000 之間的整數',
      'Bad config: segmentSize must be an integer from 1 to 100000',
    ],
    [
      { ...required, numbersPerTrack: 50, segmentSize: 51 },
      '設定錯誤：segmentSize 必須是 1 到 50 之間的整數',
      'Bad config: segmentSize must be an integer from 1 to 50',
    ],
    [
      { ...required, uploadAfterSeconds: -1 },
      '設定錯誤：uploadAfterSeconds 必須是 0 到 31622400 之間的整數',
      'Bad config: uploadAfterSeconds must be an integer from 0 to 31622400',
    ],
    [
      { ...required, uploadAfterSeconds: 300, confirmAfterSeconds: 299 },
      '設定錯誤：confirmAfterSeconds 必須是 300 到 31622400 之間的整數',
      'Bad config: confirmAfterSeconds must be an integer from 300 to 31622400',
    ],
  ])('refuses devices, segments or upload times %j with a bilingual reason', (json, zh, en) => {
    expect(refusal(json)).toEqual({ zh, en });
  });

  it('names no secret in its refusals', () => {
    const message = refusal({
      ...required,
      devices: [device(1), device(2, { apiKey: 'till-01-api-key', signingSecret: 'very-secret-value' })],
    });
    expect(`${message.zh} ${message.en}`).not.toMatch(/till-01-api-key|very-secret-value/);
  });

  it.each([
    [null, '設定錯誤：設定必須是 JSON 物件', 'Bad config: the config must be a JSON object'],
    [[required], '設定錯誤：設定必須是 JSON 物件', 'Bad config: the config must be a JSON object'],
    [
      { ...required, numberPerTrack: 5 },
      '設定錯誤：不認識的設定項目 numberPerTrack',
      'Bad config: unknown setting numberPerTrack',
    ],
    [{ ...required, apiKey: undefined }, '設定錯誤：缺少必要設定 apiKey', 'Bad config: apiKey is required'],
    [
      { ...required, companyId: '12345678' },
      '設定錯誤：companyId 必須是有效的 8 位數統一編號',
      'Bad config: companyId must be a valid 8-digit tax ID',
    ],
    [
      { ...required, companyId: 24549210 },
      '設定錯誤：companyId 必須是有效的 8 位數統一編號',
      'Bad config: companyId must be a valid 8-digit tax ID',
    ],
    [
      { ...required, sellerName: ' ' },
      '設定錯誤：sellerName 必須是 1 到 60 個字的賣方名稱',
      'Bad config: sellerName must be a seller name of 1 to 60 characters',
    ],
    [
      { ...required, qrAesKey: 'a1b2' },
      '設定錯誤：qrAesKey 必須是 32 個十六進位數字（AES-128 金鑰）',
      'Bad config: qrAesKey must be 32 hex digits (an AES-128 key)',
    ],
    [
      { ...required, apiKey: 'short' },
      '設定錯誤：apiKey 必須是至少 8 個可列印 ASCII 字元（不含空白）',
      'Bad config: apiKey must be at least 8 printable ASCII characters without spaces',
    ],
    [
      { ...required, signingSecret: 'with space 123' },
      '設定錯誤：signingSecret 必須是至少 8 個可列印 ASCII 字元（不含空白）',
      'Bad config: signingSecret must be at least 8 printable ASCII characters without spaces',
    ],
    [
      { ...required, adminToken: 'too-short' },
      '設定錯誤：adminToken 必須是至少 16 個可列印 ASCII 字元（不含空白）',
      'Bad config: adminToken must be at least 16 printable ASCII characters without spaces',
    ],
    [
      { ...required, tracks: [] },
      '設定錯誤：tracks 必須是不重複的字軌清單，每個是 2 個大寫英文字母，例如 ["TR","TS"]',
      'Bad config: tracks must be a list of distinct tracks of two capital letters, e.g. ["TR","TS"]',
    ],
    [
      { ...required, tracks: ['ab'] },
      '設定錯誤：tracks 必須是不重複的字軌清單，每個是 2 個大寫英文字母，例如 ["TR","TS"]',
      'Bad config: tracks must be a list of distinct tracks of two capital letters, e.g. ["TR","TS"]',
    ],
    [
      { ...required, tracks: ['AB', 'AB'] },
      '設定錯誤：tracks 必須是不重複的字軌清單，每個是 2 個大寫英文字母，例如 ["TR","TS"]',
      'Bad config: tracks must be a list of distinct tracks of two capital letters, e.g. ["TR","TS"]',
    ],
    [
      { ...required, periodTracks: { '11513': ['AB'] } },
      '設定錯誤：periodTracks 的期別 11513 不正確，應為民國年 3 碼加雙月 2 碼，例如 11512',
      'Bad config: periodTracks key 11513 is not a period code (ROC year, 3 digits, + even month, e.g. 11512)',
    ],
    [
      { ...required, periodTracks: { '11512': 'AB' } },
      '設定錯誤：periodTracks.11512 必須是不重複的字軌清單，每個是 2 個大寫英文字母，例如 ["TR","TS"]',
      'Bad config: periodTracks.11512 must be a list of distinct tracks of two capital letters, e.g. ["TR","TS"]',
    ],
    [
      { ...required, numbersPerTrack: 0 },
      '設定錯誤：numbersPerTrack 必須是 1 到 100000000 之間的整數',
      'Bad config: numbersPerTrack must be an integer from 1 to 100000000',
    ],
    [
      { ...required, firstSerial: 99_999_990, numbersPerTrack: 11 },
      '設定錯誤：numbersPerTrack 必須是 1 到 10 之間的整數',
      'Bad config: numbersPerTrack must be an integer from 1 to 10',
    ],
    [
      { ...required, publicBaseUrl: 'http://einvoice.example' },
      '設定錯誤：publicBaseUrl 必須是 https 網址（不含 ? 與 #）',
      'Bad config: publicBaseUrl must be an https address without a query or fragment',
    ],
    [
      { ...required, publicBaseUrl: 'not a url' },
      '設定錯誤：publicBaseUrl 必須是 https 網址（不含 ? 與 #）',
      'Bad config: publicBaseUrl must be an https address without a query or fragment',
    ],
    [
      { ...required, timestampWindowSeconds: 0 },
      '設定錯誤：timestampWindowSeconds 必須是 1 到 86400 之間的整數',
      'Bad config: timestampWindowSeconds must be an integer from 1 to 86400',
    ],
    [
      { ...required, maxBodyBytes: 10 },
      '設定錯誤：maxBodyBytes 必須是 1024 到 67108864 之間的整數',
      'Bad config: maxBodyBytes must be an integer from 1024 to 67108864',
    ],
  ])('refuses %j with a bilingual reason', (json, zh, en) => {
    expect(refusal(json)).toEqual({ zh, en });
  });
});
