import type { Bilingual } from '../../shared/domain';
import { CLOUD_PRINT_DIALECTS, CLOUD_PRINT_MESSAGES, refusePrinter } from '../../provider/cloud-print';
import type { ProviderVariantId } from '../../provider/variants';
import { createCloudPrintClient } from './cloud-print-client';
import type { PosClientDeps } from './client';
import type { PostOptions, TransportResult } from './transport';

/**
 * The provider check's cloud print line (provider profile §8): whether the provider offers cloud
 * print for the configured printer. Read-only like the rest of the check: a `/Update/RePrint` of a
 * made-up invoice number on that printer, which any provider refuses; which refusal says it
 * (`Printer not found` before `Invoice not found`, the profile's order), and a path the provider
 * does not have (HTTP 404) says it has no cloud print.
 */
export interface CloudPrintCheckConfig {
  /** The POS API's base URL and key pair (cloud print lives there). */
  serviceUrl: string;
  companyId: string;
  apiKey: string;
  signingSecret: string;
  timeoutMs: number;
  variant: ProviderVariantId;
  printerNo: string;
  salesId?: string;
}

export interface CloudPrintCheck {
  printerNo: string;
  offered: boolean;
  /** What it means for the till, zh-TW first. */
  said: Bilingual;
  /** What came back (the answer's message or the transport's failure); null when nothing was sent. */
  answered: string | null;
}

/** No invoice has this number: a track no period assigns, serial zero (as the status step's). */
const MADE_UP_INVOICE_NUMBER = 'ZZ00000000';

export async function checkCloudPrint(
  config: CloudPrintCheckConfig,
  deps: {
    post?: (options: PostOptions) => Promise<TransportResult>;
    reserveTimestamp: PosClientDeps['reserveTimestamp'];
    nowSeconds?: () => number;
  },
): Promise<CloudPrintCheck> {
  const { printerNo } = config;
  const dialect = CLOUD_PRINT_DIALECTS[config.variant];
  const notSent = (said: Bilingual): CloudPrintCheck => ({ printerNo, offered: false, said, answered: null });
  if (dialect.notOffered) return notSent(dialect.notOffered);
  const refused = refusePrinter(dialect, printerNo, config.salesId);
  if (refused) return notSent(refused);

  const client = createCloudPrintClient({
    config,
    reserveTimestamp: deps.reserveTimestamp,
    // The check reports what it saw; its probe is not a sale to log.
    logger: { info: () => {}, warn: () => {}, error: () => {} },
    ...(deps.post ? { post: deps.post } : {}),
    ...(deps.nowSeconds ? { nowSeconds: deps.nowSeconds } : {}),
  });
  const answer = await client.rePrint(MADE_UP_INVOICE_NUMBER, printerNo, 'provider check');
  const reason = answer.kind === 'queued' ? `PrintJobID ${answer.printJobId}` : answer.reason;
  if (answer.kind === 'refused' && answer.reason === CLOUD_PRINT_MESSAGES.invoiceNotFound) {
    return {
      printerNo,
      offered: true,
      said: {
        zh: `發票服務提供雲端列印，印表機 ${printerNo} 已登記。`,
        en: `The e-invoice service offers cloud print, and printer ${printerNo} is registered.`,
      },
      answered: reason,
    };
  }
  if (answer.kind === 'refused' && answer.reason === CLOUD_PRINT_MESSAGES.printerNotFound) {
    return {
      printerNo,
      offered: false,
      said: {
        zh: `發票服務提供雲端列印，但沒有印表機 ${printerNo}：請確認發票服務後台的印表機編號。`,
        en: `The e-invoice service offers cloud print but has no printer ${printerNo}: check the printer number in the e-invoice service's console.`,
      },
      answered: reason,
    };
  }
  return {
    printerNo,
    offered: false,
    said: {
      zh: `發票服務沒有提供雲端列印（或無法確認）：${reason}`,
      en: `The e-invoice service does not offer cloud print (or it cannot be told): ${reason}`,
    },
    answered: reason,
  };
}
