import { z } from 'zod';
import { TillMode } from '../../shared/ipc/contract/app';

/**
 * The till's own settings (not secrets: those live in the secret store). Every field has a
 * default, so a fresh install starts in training mode without asking anything.
 */
export const TillSettings = z.object({
  mode: TillMode.default('training'),
  tillId: z
    .string()
    .regex(/^[A-Z0-9]{2,6}$/)
    .default('T01'),
  language: z.enum(['zh-TW', 'en']).default('zh-TW'),
  companyId: z
    .string()
    .regex(/^\d{8}$/)
    .default('24549210'),
  sellerName: z.string().min(1).max(40).default('練習商店'),
  /** The provider's POS API base address; empty in training mode (the built-in service is used). */
  serviceUrl: z.string().default(''),
  timeoutMs: z.number().int().min(1000).max(60_000).default(10_000),
  printer: z
    .object({
      /** `virtual` (training preview), `tcp://host:9100`, a device path, or `queue:NAME`. */
      uri: z.string().default('virtual'),
      model: z.enum(['epson', 'star']).default('epson'),
      paperWidth: z.union([z.literal(58), z.literal(80)]).default(58),
      chinese: z.enum(['big5', 'raster']).default('big5'),
    })
    .prefault({}),
});
export type TillSettings = z.infer<typeof TillSettings>;

export const defaultSettings = (): TillSettings => TillSettings.parse({});
