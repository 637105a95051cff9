import { TIMESTAMP_WINDOW_SECONDS } from '../provider/pos-profile';
import { isProviderVariantId, PROVIDER_VARIANT_IDS, type ProviderVariantId } from '../provider/variants';
import type { Bilingual } from '../shared/domain';
import { readCloudPrinters, type CloudPrinter } from './cloud-print-config';
import { isValidTaxId } from './profile-rules';

/**
 * The training service's settings. Six are required (who the seller is and its keys); the rest
 * have defaults. An unknown key is refused, so that a typo never silently falls back to a default.
 */
export interface TrainingServiceConfig {
  /** The seller's tax ID (8 digits, valid check digit): `CompanyID` of every request. */
  companyId: string;
  sellerName: string;
  /** The `apiKey` header value. */
  apiKey: string;
  /** Input to the body signature. */
  signingSecret: string;
  /**
   * The seller's STANDARD key pair (provider profile §4, §5): the `apiKey` header and signing
   * secret of the standard API under `/standard` (voids, allowances, status). It must differ from
   * the POS pair, so that each API refuses the other's key.
   */
  standardApiKey: string;
  standardSigningSecret: string;
  /** The seller's QR key from the tax platform: 32 hex digits (AES-128). */
  qrAesKey: string;
  /** Bearer token of the `/_admin/` verification channel. */
  adminToken: string;
  /** Invoice tracks (two capital letters each) used in every period, in allocation order. */
  tracks: string[];
  /** Per-period override of `tracks`, keyed by period code (`11512` = ROC 115, Nov-Dec). */
  periodTracks: Record<string, string[]>;
  /** How many numbers each track has in one period. */
  numbersPerTrack: number;
  /** The first serial (8-digit part) of each track. */
  firstSerial: number;
  /** Base of the `QrCodeUrl` links (https). */
  publicBaseUrl: string;
  /** How far a request's `Timestamp` may be from the service clock. */
  timestampWindowSeconds: number;
  /** Offset of the service clock from the machine's, to emulate a provider whose clock is off. */
  clockOffsetSeconds: number;
  /** Request bodies above this are refused with HTTP 413. */
  maxBodyBytes: number;
  /** An order's `InvoiceDateTime` may be at most this old (C invoices are uploaded within 48 h). */
  maxOrderAgeHours: number;
  /**
   * Which provider's dialect the service speaks (provider profile §6): signature recipe, wire
   * order names and answer shapes. The profile's own by default.
   */
  variant: ProviderVariantId;
  /**
   * Registered devices with a POS key pair of their own (provider profile §5): the `apiKey` header
   * picks the pair, an order from another `DeviceID` on it is refused (`Device mismatch`), and each
   * pair has its own timestamp space, so tills of one store never compete for seconds. The
   * top-level `apiKey`/`signingSecret` stay valid for any other DeviceID.
   */
  devices: DeviceKeyPair[];
  /**
   * How many numbers one segment has (profile §4 Number ranges): each track of each period is cut
   * into segments of this size from `firstSerial` on, and each device issues from segments of its
   * own. Without a value: 1,000, or `numbersPerTrack` when that is smaller.
   */
  segmentSize: number;
  /** Simulated upload: an invoice's AppendStatus is `P` this long after its issue, then `U`. */
  uploadAfterSeconds: number;
  /** ... and `C` (confirmed) this long after its issue; at least `uploadAfterSeconds`. */
  confirmAfterSeconds: number;
  /** Cloud print (profile §8): the printers the provider drives for this seller (cloud-print-config.ts). */
  cloudPrinters: CloudPrinter[];
}

/** One registered device's own POS key pair. */
export interface DeviceKeyPair {
  /** The `DeviceID` its orders carry (the till's id). */
  deviceId: string;
  apiKey: string;
  signingSecret: string;
}

/** Segments of this size unless the config says otherwise (or a track is shorter). */
export const DEFAULT_SEGMENT_SIZE = 1000;

export type ConfigParse = { ok: true; config: TrainingServiceConfig } | { ok: false; message: Bilingual };

/** The fixed, well-known keys the till uses in training mode. Never a real seller's keys. */
export function trainingDefaults(): TrainingServiceConfig {
  return {
    companyId: '24549210',
    sellerName: '練習商店',
    apiKey: 'training-api-key',
    signingSecret: 'training-signing-secret',
    qrAesKey: '5b3f1a9c7e2d4b6f8a0c1e3d5f7b9a2c',
    adminToken: 'training-admin-token',
    ...optionalDefaults(),
  };
}

function optionalDefaults() {
  return {
    // Well-known training values like the POS pair above; optional so that existing configs
    // (written before the standard API) still load.
    standardApiKey: 'training-standard-api-key',
    standardSigningSecret: 'training-standard-signing-secret',
    tracks: ['TR', 'TS'],
    periodTracks: {} as Record<string, string[]>,
    numbersPerTrack: 100_000,
    firstSerial: 0,
    publicBaseUrl: 'https://einvoice-training.invalid',
    timestampWindowSeconds: TIMESTAMP_WINDOW_SECONDS,
    clockOffsetSeconds: 0,
    maxBodyBytes: 1024 * 1024,
    maxOrderAgeHours: 48,
    variant: 'profile' as ProviderVariantId,
    devices: [] as DeviceKeyPair[],
    segmentSize: DEFAULT_SEGMENT_SIZE,
    uploadAfterSeconds: 60,
    confirmAfterSeconds: 120,
    cloudPrinters: [] as CloudPrinter[],
  };
}

/** The longest upload delay the simulation takes: a year, far past any legal deadline. */
const MAX_UPLOAD_SECONDS = 366 * 86_400;

const REQUIRED = ['companyId', 'sellerName', 'apiKey', 'signingSecret', 'qrAesKey', 'adminToken'] as const;
const KNOWN = new Set<string>([...REQUIRED, ...Object.keys(optionalDefaults())]);

class ConfigError extends Error {
  constructor(readonly bilingual: Bilingual) {
    super(bilingual.en);
  }
}
function fail(zh: string, en: string): never {
  throw new ConfigError({ zh: `設定錯誤：${zh}`, en: `Bad config: ${en}` });
}

/** Header-safe secret: printable ASCII without spaces, at least `min` characters. */
function secret(value: unknown, key: string, min: number): string {
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value) || value.length < min) {
    fail(
      `${key} 必須是至少 ${min} 個可列印 ASCII 字元（不含空白）`,
      `${key} must be at least ${min} printable ASCII characters without spaces`,
    );
  }
  return value as string;
}

function integer(value: unknown, key: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(`${key} 必須是 ${min} 到 ${max} 之間的整數`, `${key} must be an integer from ${min} to ${max}`);
  }
  return value as number;
}

function trackList(value: unknown, key: string): string[] {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    !value.every((track) => typeof track === 'string' && /^[A-Z]{2}$/.test(track)) ||
    new Set(value).size !== value.length
  ) {
    fail(
      `${key} 必須是不重複的字軌清單，每個是 2 個大寫英文字母，例如 ["TR","TS"]`,
      `${key} must be a list of distinct tracks of two capital letters, e.g. ["TR","TS"]`,
    );
  }
  return value as string[];
}

function variant(value: unknown): ProviderVariantId {
  if (!isProviderVariantId(value)) {
    const names = PROVIDER_VARIANT_IDS.join('、');
    fail(`variant 必須是 ${names} 之一`, `variant must be one of ${PROVIDER_VARIANT_IDS.join(', ')}`);
  }
  return value as ProviderVariantId;
}

const DEVICE_KEYS = ['deviceId', 'apiKey', 'signingSecret'];

/**
 * The registered devices: each an object of exactly the three keys, with distinct device ids and
 * an `apiKey` no other pair has (the header alone picks the pair, so a shared key would be
 * ambiguous). The secrets themselves never appear in a message.
 */
function deviceList(
  value: unknown,
  others: { apiKey: string; standardApiKey: string; standardSigningSecret: string },
): DeviceKeyPair[] {
  if (!Array.isArray(value)) {
    fail(
      'devices 必須是清單，例如 [{"deviceId":"T01","apiKey":"…","signingSecret":"…"}]',
      'devices must be a list, e.g. [{"deviceId":"T01","apiKey":"…","signingSecret":"…"}]',
    );
  }
  const devices: DeviceKeyPair[] = [];
  (value as unknown[]).forEach((entry, index) => {
    const at = `devices[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      fail(
        `${at} 必須是 {"deviceId","apiKey","signingSecret"} 物件`,
        `${at} must be an object {"deviceId","apiKey","signingSecret"}`,
      );
    }
    const fields = entry as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (!DEVICE_KEYS.includes(key))
        fail(`${at} 有不認識的設定項目 ${key}`, `${at} has an unknown setting ${key}`);
    }
    const deviceId = fields.deviceId;
    // Printable: no control or format characters, no blank ends (an id a person can read and type).
    if (
      typeof deviceId !== 'string' ||
      deviceId.length < 1 ||
      deviceId.length > 40 ||
      !/^[^\p{C}]+$/u.test(deviceId) ||
      deviceId.trim() !== deviceId
    ) {
      fail(
        `${at}.deviceId 必須是 1 到 40 個可列印字元（前後不留空白）`,
        `${at}.deviceId must be 1 to 40 printable characters without leading or trailing spaces`,
      );
    }
    const id = deviceId as string;
    const apiKey = secret(fields.apiKey, `${at}.apiKey`, 8);
    const signingSecret = secret(fields.signingSecret, `${at}.signingSecret`, 8);
    const twin = devices.findIndex((device) => device.deviceId === id);
    if (twin !== -1) {
      fail(`${at}.deviceId 與 devices[${twin}] 重複`, `${at}.deviceId repeats devices[${twin}]`);
    }
    if (apiKey === others.apiKey)
      fail(`${at}.apiKey 不可與 apiKey 相同`, `${at}.apiKey must differ from apiKey`);
    if (apiKey === others.standardApiKey) {
      fail(`${at}.apiKey 不可與 standardApiKey 相同`, `${at}.apiKey must differ from standardApiKey`);
    }
    const sharedKey = devices.findIndex((device) => device.apiKey === apiKey);
    if (sharedKey !== -1) {
      fail(
        `${at}.apiKey 不可與 devices[${sharedKey}].apiKey 相同`,
        `${at}.apiKey must differ from devices[${sharedKey}].apiKey`,
      );
    }
    // As for the top-level pair: the standard secret belongs to the standard API alone.
    if (signingSecret === others.standardSigningSecret) {
      fail(
        `${at}.signingSecret 不可與 standardSigningSecret 相同`,
        `${at}.signingSecret must differ from standardSigningSecret`,
      );
    }
    devices.push({ deviceId: id, apiKey, signingSecret });
  });
  return devices;
}

function readConfig(json: unknown): TrainingServiceConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail('設定必須是 JSON 物件', 'the config must be a JSON object');
  }
  const input = json as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!KNOWN.has(key)) fail(`不認識的設定項目 ${key}`, `unknown setting ${key}`);
  }
  for (const key of REQUIRED) {
    if (input[key] === undefined) fail(`缺少必要設定 ${key}`, `${key} is required`);
  }
  const config = { ...optionalDefaults(), ...input } as Record<string, unknown>;

  const companyId = config.companyId;
  if (typeof companyId !== 'string' || !/^\d{8}$/.test(companyId) || !isValidTaxId(companyId)) {
    fail('companyId 必須是有效的 8 位數統一編號', 'companyId must be a valid 8-digit tax ID');
  }
  const sellerName = config.sellerName;
  if (typeof sellerName !== 'string' || sellerName.trim() === '' || sellerName.length > 60) {
    fail(
      'sellerName 必須是 1 到 60 個字的賣方名稱',
      'sellerName must be a seller name of 1 to 60 characters',
    );
  }
  const qrAesKey = config.qrAesKey;
  if (typeof qrAesKey !== 'string' || !/^[0-9a-fA-F]{32}$/.test(qrAesKey)) {
    fail(
      'qrAesKey 必須是 32 個十六進位數字（AES-128 金鑰）',
      'qrAesKey must be 32 hex digits (an AES-128 key)',
    );
  }
  const periodTracks = config.periodTracks;
  if (typeof periodTracks !== 'object' || periodTracks === null || Array.isArray(periodTracks)) {
    fail(
      'periodTracks 必須是物件，例如 {"11512":["AB"]}',
      'periodTracks must be an object, e.g. {"11512":["AB"]}',
    );
  }
  const perPeriod: Record<string, string[]> = {};
  for (const [period, tracks] of Object.entries(periodTracks as Record<string, unknown>)) {
    if (!/^\d{3}(02|04|06|08|10|12)$/.test(period)) {
      fail(
        `periodTracks 的期別 ${period} 不正確，應為民國年 3 碼加雙月 2 碼，例如 11512`,
        `periodTracks key ${period} is not a period code (ROC year, 3 digits, + even month, e.g. 11512)`,
      );
    }
    perPeriod[period] = trackList(tracks, `periodTracks.${period}`);
  }
  const firstSerial = integer(config.firstSerial, 'firstSerial', 0, 99_999_999);
  const numbersPerTrack = integer(config.numbersPerTrack, 'numbersPerTrack', 1, 100_000_000 - firstSerial);
  const publicBaseUrl = config.publicBaseUrl;
  const url =
    typeof publicBaseUrl === 'string' && URL.canParse(publicBaseUrl) ? new URL(publicBaseUrl) : null;
  if (!url || url.protocol !== 'https:' || url.search !== '' || url.hash !== '') {
    fail(
      'publicBaseUrl 必須是 https 網址（不含 ? 與 #）',
      'publicBaseUrl must be an https address without a query or fragment',
    );
  }

  const apiKey = secret(config.apiKey, 'apiKey', 8);
  const signingSecret = secret(config.signingSecret, 'signingSecret', 8);
  const standardApiKey = secret(config.standardApiKey, 'standardApiKey', 8);
  const standardSigningSecret = secret(config.standardSigningSecret, 'standardSigningSecret', 8);
  // One pair per API: a shared value would let a key of one API pass on the other.
  if (standardApiKey === apiKey) {
    fail('standardApiKey 不可與 apiKey 相同', 'standardApiKey must differ from apiKey');
  }
  if (standardSigningSecret === signingSecret) {
    fail(
      'standardSigningSecret 不可與 signingSecret 相同',
      'standardSigningSecret must differ from signingSecret',
    );
  }

  // A segment longer than its track would never be cut; without a setting, the track is the cap.
  const segmentSize =
    input.segmentSize === undefined
      ? Math.min(DEFAULT_SEGMENT_SIZE, numbersPerTrack)
      : integer(config.segmentSize, 'segmentSize', 1, numbersPerTrack);
  const uploadAfterSeconds = integer(config.uploadAfterSeconds, 'uploadAfterSeconds', 0, MAX_UPLOAD_SECONDS);
  const confirmAfterSeconds = integer(
    config.confirmAfterSeconds,
    'confirmAfterSeconds',
    uploadAfterSeconds,
    MAX_UPLOAD_SECONDS,
  );

  return {
    companyId: companyId as string,
    sellerName: sellerName as string,
    apiKey,
    signingSecret,
    standardApiKey,
    standardSigningSecret,
    qrAesKey: (qrAesKey as string).toLowerCase(),
    adminToken: secret(config.adminToken, 'adminToken', 16),
    tracks: trackList(config.tracks, 'tracks'),
    periodTracks: perPeriod,
    numbersPerTrack,
    firstSerial,
    publicBaseUrl: (publicBaseUrl as string).replace(/\/+$/, ''),
    timestampWindowSeconds: integer(config.timestampWindowSeconds, 'timestampWindowSeconds', 1, 86_400),
    clockOffsetSeconds: integer(config.clockOffsetSeconds, 'clockOffsetSeconds', -86_400 * 366, 86_400 * 366),
    maxBodyBytes: integer(config.maxBodyBytes, 'maxBodyBytes', 1024, 64 * 1024 * 1024),
    maxOrderAgeHours: integer(config.maxOrderAgeHours, 'maxOrderAgeHours', 1, 24 * 366),
    variant: variant(config.variant),
    devices: deviceList(config.devices, { apiKey, standardApiKey, standardSigningSecret }),
    segmentSize,
    uploadAfterSeconds,
    confirmAfterSeconds,
    cloudPrinters: cloudPrinters(config.cloudPrinters, config.variant as ProviderVariantId),
  };
}

function cloudPrinters(value: unknown, variantId: ProviderVariantId): CloudPrinter[] {
  const printers = readCloudPrinters(value, variantId);
  if (!Array.isArray(printers)) fail(printers.zh, printers.en);
  return printers as CloudPrinter[];
}

/** Checks a config JSON value and fills in the defaults; a bad one gets a bilingual reason. */
export function parseTrainingServiceConfig(json: unknown): ConfigParse {
  try {
    return { ok: true, config: readConfig(json) };
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, message: error.bilingual };
    throw error;
  }
}

/** The tracks of one period, in allocation order. */
export function tracksFor(config: TrainingServiceConfig, periodCode: string): string[] {
  return config.periodTracks[periodCode] ?? config.tracks;
}
