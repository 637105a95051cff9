import { CLOUD_PRINT_DIALECTS, refusePrinter, SALES_ID_PATTERN } from '../provider/cloud-print';
import type { ProviderVariantId } from '../provider/variants';
import type { Bilingual } from '../shared/domain';

/**
 * One printer the provider drives for this seller (provider profile §8): its number, the address
 * its store-side agent is simulated at (the agent delivers each job there as ESC/POS bytes over
 * TCP; null: no agent, so every job stays queued), and the sales ids it accepts (null: any).
 */
export interface CloudPrinter {
  printerNo: string;
  agent: { host: string; port: number } | null;
  salesIds: string[] | null;
}

const KEYS = ['printerNo', 'agent', 'salesIds'];

const isAddress = (value: unknown): value is { host: string; port: number } =>
  typeof value === 'object' &&
  value !== null &&
  ((value as { host?: unknown }).host === '127.0.0.1' ||
    (value as { host?: unknown }).host === 'localhost') &&
  Number.isInteger((value as { port?: unknown }).port) &&
  (value as { port: number }).port >= 1 &&
  (value as { port: number }).port <= 65_535;

/** The config's `cloudPrinters`: a list of `{ printerNo, agent?: "127.0.0.1:9100", salesIds? }`. */
export function readCloudPrinters(value: unknown, variant: ProviderVariantId): CloudPrinter[] | Bilingual {
  const bad = (zh: string, en: string): Bilingual => ({ zh, en });
  if (!Array.isArray(value)) {
    return bad(
      'cloudPrinters 必須是清單，例如 [{"printerNo":"P01","agent":"127.0.0.1:9100"}]',
      'cloudPrinters must be a list, e.g. [{"printerNo":"P01","agent":"127.0.0.1:9100"}]',
    );
  }
  const printers: CloudPrinter[] = [];
  for (const [index, entry] of (value as unknown[]).entries()) {
    const at = `cloudPrinters[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return bad(`${at} 必須是物件`, `${at} must be an object`);
    }
    const fields = entry as Record<string, unknown>;
    const unknown = Object.keys(fields).find((key) => !KEYS.includes(key));
    if (unknown) return bad(`${at} 有不認識的設定項目 ${unknown}`, `${at} has an unknown setting ${unknown}`);
    const printerNo = fields.printerNo;
    const refusal =
      typeof printerNo === 'string' ? refusePrinter(CLOUD_PRINT_DIALECTS[variant], printerNo) : null;
    if (typeof printerNo !== 'string' || refusal) {
      return bad(
        `${at}.printerNo：${refusal?.zh ?? '必須是文字'}`,
        `${at}.printerNo: ${refusal?.en ?? 'must be text'}`,
      );
    }
    if (printers.some((printer) => printer.printerNo === printerNo)) {
      return bad(`${at}.printerNo ${printerNo} 重複`, `${at}.printerNo ${printerNo} repeats`);
    }
    let agent: CloudPrinter['agent'] = null;
    const given = fields.agent;
    if (isAddress(given)) {
      // Already read (a parsed config given again, e.g. on a restart).
      agent = { host: given.host, port: given.port };
    } else if (given !== undefined && given !== null) {
      const match =
        typeof fields.agent === 'string' ? /^(127\.0\.0\.1|localhost):(\d{1,5})$/.exec(fields.agent) : null;
      const port = match ? Number(match[2]) : 0;
      if (!match || port < 1 || port > 65_535) {
        return bad(
          `${at}.agent 必須是本機位址與埠，例如 127.0.0.1:9100`,
          `${at}.agent must be this machine's address and a port, e.g. 127.0.0.1:9100`,
        );
      }
      agent = { host: match[1]!, port };
    }
    let salesIds: string[] | null = null;
    if (fields.salesIds !== undefined && fields.salesIds !== null) {
      const ids = fields.salesIds;
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && SALES_ID_PATTERN.test(id))) {
        return bad(`${at}.salesIds 必須是銷售人員代碼清單`, `${at}.salesIds must be a list of sales ids`);
      }
      if (ids.length > 0 && !CLOUD_PRINT_DIALECTS[variant].salesId) {
        return bad(
          `${at}.salesIds：此業者沒有 SalesID 欄位`,
          `${at}.salesIds: this provider has no SalesID field`,
        );
      }
      salesIds = ids as string[];
    }
    printers.push({ printerNo, agent, salesIds });
  }
  return printers;
}
