import { z } from 'zod';
import { DEFAULT_SCALE_BARCODE, isScaleBarcodeConfig } from '../../domain/scale-barcode';
import { validateBuyerTaxId } from '../../domain/validators';
import { DEFAULT_OFFLINE_AFTER_FAILURES, DEFAULT_SEGMENT_SIZE } from '../../domain/invoice-mode';
import { ProviderVariantSetting, TillMode } from './app';
import { BilingualText, method, noInput, PlainText } from './define';

/*
 * The settings capability: what the settings screen reads and writes. Secrets are write-only:
 * the renderer may set or clear them, and afterwards only learns whether each one is set.
 */

const Printer = z.object({
  /** `virtual` (training preview), `tcp://host:9100`, a device path, or `queue:NAME`. */
  uri: PlainText(200).min(1),
  model: z.enum(['epson', 'star']),
  paperWidth: z.union([z.literal(58), z.literal(80)]),
  chinese: z.enum(['big5', 'raster']),
});

/** Each field once, without defaults: the stored settings add defaults, the patch makes them optional. */
// The status bar and the invoice choices need it too: defined beside AppStatus.
export { ProviderVariantSetting } from './app';

/**
 * Head office's address as settings keep it (issue 17): `postgres://user@host:port/database`, the
 * password never in it (it is the write-only `headOfficePassword` secret, so it cannot reach the
 * settings file, the screen or a log) and no query (TLS is `headOfficeTls`, one place). Empty: no
 * head office, nothing is sent.
 */
export function headOfficeUrlProblem(value: string): { zh: string; en: string } | null {
  if (value === '') return null;
  if (!URL.canParse(value))
    return {
      zh: '格式應為 postgres://帳號@主機:埠/資料庫',
      en: 'expected postgres://user@host:port/database',
    };
  const url = new URL(value);
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    return { zh: '須以 postgres:// 開頭', en: 'it must start with postgres://' };
  if (url.password)
    return {
      zh: '位址不可含密碼（請填在「總部密碼」欄）',
      en: 'no password in the address (type it in the head-office password field)',
    };
  if (!url.username) return { zh: '缺少帳號', en: 'the user name is missing' };
  if (!url.hostname) return { zh: '缺少主機', en: 'the host is missing' };
  const database = url.pathname.replace(/^\//, '');
  if (!database || database.includes('/'))
    return { zh: '缺少資料庫名稱', en: 'the database name is missing' };
  if (url.search || url.hash)
    return { zh: '位址不可含參數（TLS 另行設定）', en: 'no parameters in the address (TLS is set apart)' };
  return null;
}

export const HeadOfficeUrl = PlainText(500).superRefine((value, ctx) => {
  const problem = headOfficeUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.en, params: { zh: problem.zh } });
});

/** At most this many characters of PEM: a chain of a few certificates, not a file of anything. */
export const CA_CERT_MAX = 16_000;

/**
 * Whether a text is one or more PEM certificates and nothing else (blank lines between them
 * allowed): checked line by line rather than with one regular expression, so a long hostile text
 * costs one pass.
 */
export function isPemCertificates(text: string): boolean {
  if (text.length > CA_CERT_MAX) return false;
  const lines = text.split(/\r?\n/);
  let inside = false;
  let body = 0;
  let certificates = 0;
  for (const line of lines) {
    if (!inside) {
      if (line.trim() === '') continue;
      if (line !== '-----BEGIN CERTIFICATE-----') return false;
      inside = true;
      body = 0;
    } else if (line === '-----END CERTIFICATE-----') {
      if (body === 0) return false;
      inside = false;
      certificates += 1;
    } else if (/^[A-Za-z0-9+/=]{1,76}$/.test(line)) {
      body += 1;
    } else {
      return false;
    }
  }
  return !inside && certificates > 0;
}

export const CaCertificate = z
  .string()
  .max(CA_CERT_MAX)
  .refine((value) => value === '' || isPemCertificates(value), {
    message: 'a PEM certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----), or empty',
    params: { zh: '須為 PEM 憑證（-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----）或留空' },
  });

/** `off` plain TCP (the shop's own network); `require` encrypted; `verify` encrypted and checked. */
export const HeadOfficeTls = z.enum(['off', 'require', 'verify']);

/** The layout of a scale's price or weight labels (EAN-13 with prefix 20-29). */
export const ScaleBarcodeSetting = z
  .object({
    enabled: z.boolean(),
    prefixFrom: z.number().int().min(20).max(29),
    prefixTo: z.number().int().min(20).max(29),
    codeLength: z.number().int().min(4).max(6),
    value: z.enum(['price', 'weight']),
    decimals: z.number().int().min(0).max(3),
  })
  .strict()
  .refine((config) => isScaleBarcodeConfig(config), {
    message: 'the prefix range must run upwards within 20-29; a price has at most 2 decimals',
  });

/**
 * Where the paper proof (紙本證明聯) prints (issue 29, provider profile §8): '' on this till's own
 * printer (`printer`), or `cloud:PRINTER_NO`, the e-invoice service's cloud printer: the service
 * issues the invoice and its print agent prints it. The till's own printer stays for the slips that
 * are no invoice (summaries, returns, tests). The shape only here (the longest any provider takes);
 * each provider's own length and whether it has a SalesID are checked in main (provider layer).
 */
export const CLOUD_PRINTER_PREFIX = 'cloud:';
export const CloudPrinterSetting = PlainText(16).refine(
  (value) => /^(cloud:[0-9A-Za-z]{1,10})?$/.test(value),
  {
    message: "empty (this till's printer) or cloud: and 1 to 10 letters or digits, e.g. cloud:01",
    params: { zh: '須留空（本機印表機）或為 cloud: 加 1 至 10 個英數字，例如 cloud:01' },
  },
);
/** The SalesID sent with each cloud print (the cashier or sales code the console shows); '' none. */
export const CloudSalesIdSetting = PlainText(20).refine((value) => /^[0-9A-Za-z_-]{0,20}$/.test(value), {
  message: 'empty, or at most 20 letters, digits, _ and -',
  params: { zh: '須留空，或為至多 20 個英數字、底線或連字號' },
});

/** The cloud printer's number from the setting, or null when the paper proof prints here. */
export function cloudPrinterNo(setting: string): string | null {
  return setting.startsWith(CLOUD_PRINTER_PREFIX) ? setting.slice(CLOUD_PRINTER_PREFIX.length) : null;
}

const fields = {
  mode: TillMode,
  tillId: z.string().regex(/^[A-Z0-9]{2,6}$/),
  language: z.enum(['zh-TW', 'en']),
  /** The seller's tax ID (統一編號), sent as CompanyID. */
  companyId: z.string().regex(/^\d{8}$/),
  sellerName: PlainText(40).min(1),
  /** The provider's POS API base address; empty in training mode (the built-in service is used). */
  serviceUrl: PlainText(300),
  /**
   * The provider's standard API base address (voids, allowances, status: profile §4); empty in
   * training mode (the built-in service's `/standard`).
   */
  standardServiceUrl: PlainText(300),
  providerVariant: ProviderVariantSetting,
  timeoutMs: z.number().int().min(1000).max(60_000),
  /**
   * How often the background reconciliation with the provider runs (late uploads, 待確認 sales),
   * in minutes, while the standard API is set up (always in training mode).
   */
  reconcileIntervalMinutes: z.number().int().min(1).max(120),
  /** Invoice mode (issue 27): not-delivered sales in a row after which the till is in offline mode. */
  offlineAfterFailures: z.number().int().min(1).max(10),
  /** The cashier is told when this many offline numbers or fewer are left for the period. */
  offlineLowNumbers: z.number().int().min(1).max(100),
  /** Numbers asked for per invoice-mode segment (`/Update/SplitInvoiceID`, 1 to 1,000). */
  invoiceModeSegmentSize: z.number().int().min(1).max(1000),
  /**
   * The till's invoice-mode group (`UseFor`): at most 10 letters or digits (2 for SystemLead);
   * empty: no segment is split, offline issuing uses only numbers already held.
   */
  invoiceModeGroup: z.string().regex(/^[A-Za-z0-9]{0,10}$/, 'at most 10 letters or digits'),
  /**
   * Minutes without activity after which a till with cashiers locks until a cashier signs in
   * again (contract/shifts.ts); 0 = never. Without cashiers it does nothing.
   */
  idleLockMinutes: z.number().int().min(0).max(240),
  /** Full screen without window controls, for counter PCs. Applied at once and at every start. */
  kiosk: z.boolean(),
  /** False until the first-run setup is finished; it cannot finish without a PIN or runWithoutPin. */
  firstRunDone: z.boolean(),
  /** The supervisor's explicit choice to run without a PIN: recorded, and shown in the status bar. */
  runWithoutPin: z.boolean(),
  /**
   * The supervisor accepted storing production keys without an OS key store (encrypted only
   * with a key on this disk): recorded, and shown in settings. Without it they are refused there.
   */
  acceptInsecureSecretStorage: z.boolean(),
  /** Head office (issue 17): empty = none, nothing is sent. See HeadOfficeUrl. */
  headOfficeUrl: HeadOfficeUrl,
  /** The store this till belongs to at head office (its `hq.stores` id). */
  headOfficeStoreId: z.string().regex(/^[A-Za-z0-9_-]{0,32}$/, 'letters, digits, _ and -, at most 32'),
  headOfficeTls: HeadOfficeTls,
  /** The CA that signed head office's certificate (PEM), for `verify`; empty: the system's CAs. */
  headOfficeCaCert: CaCertificate,
  /** Price-embedded labels from a scale (src/shared/domain/scale-barcode.ts): off by default. */
  scaleBarcode: ScaleBarcodeSetting,
  cloudPrinter: CloudPrinterSetting,
  cloudSalesId: CloudSalesIdSetting,
};

/**
 * The till's own settings (not secrets: those live in the secret store). Every field has a
 * default, so a fresh install starts in training mode without asking anything.
 */
export const TillSettings = z.object({
  mode: fields.mode.default('training'),
  tillId: fields.tillId.default('T01'),
  language: fields.language.default('zh-TW'),
  companyId: fields.companyId.default('24549210'),
  sellerName: fields.sellerName.default('練習商店'),
  serviceUrl: fields.serviceUrl.default(''),
  standardServiceUrl: fields.standardServiceUrl.default(''),
  providerVariant: fields.providerVariant.default('profile'),
  timeoutMs: fields.timeoutMs.default(10_000),
  reconcileIntervalMinutes: fields.reconcileIntervalMinutes.default(5),
  offlineAfterFailures: fields.offlineAfterFailures.default(DEFAULT_OFFLINE_AFTER_FAILURES),
  offlineLowNumbers: fields.offlineLowNumbers.default(5),
  invoiceModeSegmentSize: fields.invoiceModeSegmentSize.default(DEFAULT_SEGMENT_SIZE),
  invoiceModeGroup: fields.invoiceModeGroup.default(''),
  idleLockMinutes: fields.idleLockMinutes.default(10),
  printer: z
    .object({
      uri: Printer.shape.uri.default('virtual'),
      model: Printer.shape.model.default('epson'),
      paperWidth: Printer.shape.paperWidth.default(58),
      chinese: Printer.shape.chinese.default('big5'),
    })
    .prefault({}),
  kiosk: fields.kiosk.default(false),
  firstRunDone: fields.firstRunDone.default(false),
  runWithoutPin: fields.runWithoutPin.default(false),
  acceptInsecureSecretStorage: fields.acceptInsecureSecretStorage.default(false),
  headOfficeUrl: fields.headOfficeUrl.default(''),
  headOfficeStoreId: fields.headOfficeStoreId.default(''),
  // Checked by default: an address off this machine is an untrusted network until said otherwise.
  headOfficeTls: fields.headOfficeTls.default('verify'),
  headOfficeCaCert: fields.headOfficeCaCert.default(''),
  scaleBarcode: fields.scaleBarcode.default({ ...DEFAULT_SCALE_BARCODE }),
  cloudPrinter: fields.cloudPrinter.default(''),
  cloudSalesId: fields.cloudSalesId.default(''),
});
export type TillSettings = z.infer<typeof TillSettings>;

const isLoopbackHost = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

/** '' (training), an https address, or http on this machine (the training service in tests). */
export const ServiceUrl = PlainText(300).refine((value) => {
  if (value === '') return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}, 'must be empty, an https:// address, or http:// on 127.0.0.1 (no user, query or fragment)');

/** A change to some settings; the printer's fields may be changed one at a time. */
export const SettingsPatch = z
  .object({
    mode: fields.mode.optional(),
    tillId: fields.tillId.optional(),
    language: fields.language.optional(),
    companyId: fields.companyId
      .refine((value) => validateBuyerTaxId(value).ok, 'the tax ID check digit is wrong')
      .optional(),
    sellerName: fields.sellerName.optional(),
    serviceUrl: ServiceUrl.optional(),
    standardServiceUrl: ServiceUrl.optional(),
    providerVariant: fields.providerVariant.optional(),
    timeoutMs: fields.timeoutMs.optional(),
    reconcileIntervalMinutes: fields.reconcileIntervalMinutes.optional(),
    offlineAfterFailures: fields.offlineAfterFailures.optional(),
    offlineLowNumbers: fields.offlineLowNumbers.optional(),
    invoiceModeSegmentSize: fields.invoiceModeSegmentSize.optional(),
    invoiceModeGroup: fields.invoiceModeGroup.optional(),
    idleLockMinutes: fields.idleLockMinutes.optional(),
    printer: Printer.partial().strict().optional(),
    kiosk: fields.kiosk.optional(),
    firstRunDone: fields.firstRunDone.optional(),
    runWithoutPin: fields.runWithoutPin.optional(),
    acceptInsecureSecretStorage: fields.acceptInsecureSecretStorage.optional(),
    headOfficeUrl: fields.headOfficeUrl.optional(),
    headOfficeStoreId: fields.headOfficeStoreId.optional(),
    headOfficeTls: fields.headOfficeTls.optional(),
    headOfficeCaCert: fields.headOfficeCaCert.optional(),
    scaleBarcode: fields.scaleBarcode.optional(),
    cloudPrinter: fields.cloudPrinter.optional(),
    cloudSalesId: fields.cloudSalesId.optional(),
  })
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** The secrets the settings screen may write. The supervisor PIN has its own method. */
export const WritableSecretName = z.enum(['apiKey', 'signingSecret', 'qrAesKey']);
export type WritableSecretName = z.infer<typeof WritableSecretName>;

const credential = z.string().regex(/^[\x21-\x7e]{8,256}$/, '8 to 256 printable ASCII characters, no spaces');

/**
 * The standard API's key pair (returns), write-only like the others. Kept apart from
 * `WritableSecretName`: selling does not need it, so production mode does not require it.
 */
export const StandardSecretName = z.enum(['standardApiKey', 'standardSigningSecret']);
export type StandardSecretName = z.infer<typeof StandardSecretName>;

/** Head office's password (issue 17): write-only, and not needed to sell. */
export const HeadOfficeSecretName = z.enum(['headOfficePassword']);
export type HeadOfficeSecretName = z.infer<typeof HeadOfficeSecretName>;

/** A new value, or null to remove the secret; a missing key leaves it as it is. */
export const SecretsPatch = z
  .object({
    apiKey: credential.nullable().optional(),
    signingSecret: credential.nullable().optional(),
    standardApiKey: credential.nullable().optional(),
    standardSigningSecret: credential.nullable().optional(),
    /** Head office's PostgreSQL password: any visible text (a database's rule, not ours). */
    headOfficePassword: PlainText(200).min(1).nullable().optional(),
    /** The seller's QR key from the tax platform: 32 hex digits (AES-128). */
    qrAesKey: z
      .string()
      .regex(/^[0-9A-Fa-f]{32}$/, 'exactly 32 hex digits')
      .nullable()
      .optional(),
  })
  .strict();
export type SecretsPatch = z.infer<typeof SecretsPatch>;

/** A supervisor PIN as typed on the keypad. */
export const Pin = z.string().regex(/^\d{4,12}$/, '4 to 12 digits');

/** Who did a supervisor action, as the screen sends it: it goes into the journal's record. */
export const SupervisorBy = z
  .string()
  .trim()
  .min(1)
  .max(40)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+$/, 'visible characters only');

/** The fields every supervisor action takes: the PIN (checked in main) and who did it. */
export const SupervisorFields = { pin: Pin.optional(), by: SupervisorBy.optional() };

/**
 * How well secrets are protected at rest: `os` the OS keychain / DPAPI / a Linux keyring,
 * `weak` encrypted with a key kept on this disk (Linux without a keyring, the dev web host),
 * `unavailable` no encryption at all: secrets are refused.
 */
export const SecureStorageState = z.enum(['os', 'weak', 'unavailable']);
export type SecureStorageState = z.infer<typeof SecureStorageState>;

const SecretFlag = z.object({ set: z.boolean() });

/** What the renderer sees: settings, which secrets are set (never their values), storage state. */
export const SettingsView = z.object({
  settings: TillSettings,
  secrets: z.object({
    apiKey: SecretFlag,
    signingSecret: SecretFlag,
    qrAesKey: SecretFlag,
    supervisorPin: SecretFlag,
  }),
  /** Whether the standard API's key pair (returns, production mode) is set. */
  standardSecrets: z.object({ standardApiKey: SecretFlag, standardSigningSecret: SecretFlag }).optional(),
  /** Whether head office's password is set. */
  headOfficeSecrets: z.object({ headOfficePassword: SecretFlag }).optional(),
  secureStorage: SecureStorageState,
  /** Shown on the settings screen when secureStorage is not `os`. */
  secureStorageNotice: BilingualText.nullable(),
  /** Whether settings.update and settings.setPin need the supervisor PIN now. */
  pinRequired: z.boolean(),
  /** `set`; `waived` by the supervisor's explicit choice; `missing` (first run not finished). */
  supervisorPin: z.enum(['set', 'waived', 'missing']),
});
export type SettingsView = z.infer<typeof SettingsView>;

/** The conformance check's report (`npm run provider-check`, and the Settings button in production). */
export const ProviderCheckReport = z.object({
  ok: z.boolean(),
  variant: ProviderVariantSetting,
  steps: z.array(
    z.object({
      id: z.enum(['signed', 'wrong-signature', 'stale-timestamp']),
      title: BilingualText,
      expected: BilingualText,
      answered: z.string(),
      ok: z.boolean(),
    }),
  ),
  clockOffsetSeconds: z.number().int().nullable(),
  findings: z.array(BilingualText),
  /** Operations of the profile this provider does not offer, and what the till does instead. */
  notOffered: z.array(z.object({ operation: z.string(), instead: BilingualText })),
});
export type ProviderCheckReport = z.infer<typeof ProviderCheckReport>;

export const settingsMethods = {
  'settings.get': method(
    'The settings screen: settings, which secrets are set, secure-storage state.',
    noInput,
    SettingsView,
  ),
  'settings.update': method(
    'Changes settings and/or secrets in one step: all or nothing. Needs the supervisor PIN once one is set (except during first-run setup).',
    z
      .object({
        patch: SettingsPatch.default({}),
        secrets: SecretsPatch.default({}),
        pin: Pin.optional(),
        by: SupervisorBy.optional(),
      })
      .strict(),
    SettingsView,
  ),
  'settings.verifyPin': method(
    'Checks a supervisor PIN (e.g. before a void or opening settings).',
    z.object({ pin: Pin }).strict(),
    z.object({ valid: z.boolean(), pinSet: z.boolean() }),
  ),
  'settings.checkProvider': method(
    'Production mode: the read-only conformance check against the configured standard API with the provider variant of the settings (what the provider answered, whether the till reads it as expected, the clock offset). Needs the supervisor PIN once one is set.',
    z.object({ pin: Pin.optional() }).strict(),
    ProviderCheckReport,
  ),
  'settings.setPin': method(
    'Sets or changes the supervisor PIN; the current PIN is needed once one is set (except during first-run setup).',
    z.object({ newPin: Pin, currentPin: Pin.optional(), by: SupervisorBy.optional() }).strict(),
    SettingsView,
  ),
};
