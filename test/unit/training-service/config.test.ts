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
