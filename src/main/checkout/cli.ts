// `npm run checkout -- --db PATH --config FILE (--order ORDER.json | --resubmit NO)`
// One checkout through the same engine as the till; prints one JSON line
// {"orderNo","state","invoiceNumber","message"} on stdout, logs on stderr. Exit 0 when the
// checkout ran (whatever its state), 2 for bad input or a refused resubmission (nothing written),
// 1 for a failure inside the till.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { CheckoutOrder } from '../../shared/ipc/contract/checkout';
import {
  parseCliArgs,
  readJsonFile,
  reportCliFailure,
  schemaIssues,
  stderrLogger,
  usage,
} from '../core/cli-support';
import { Journal } from '../journal/journal';
import { PROVIDER_VARIANT_IDS } from '../../provider/variants';
import { assembleCheckout } from './assemble';
import { joinReasons, prepareOrder } from './prepare-order';

export const CliConfig = z
  .object({
    serviceUrl: z.string().refine((value) => /^https?:\/\/[^/]/.test(value), 'must be an http(s) address'),
    companyId: z.string().regex(/^\d{8}$/, 'must be 8 digits'),
    apiKey: z.string().min(1),
    signingSecret: z.string().min(1),
    tillId: z.string().regex(/^[A-Z0-9]{1,12}$/, 'must be 1 to 12 capital letters or digits'),
    timeoutMs: z.number().int().min(100).max(120_000),
    /** Marks the sales as training-mode in the journal (default false). */
    training: z.boolean().optional(),
    /** The standard API (returns: `npm run returns`): base URL and the seller's standard key pair. */
    standardServiceUrl: z
      .string()
      .refine((value) => /^https?:\/\/[^/]/.test(value), 'must be an http(s) address')
      .optional(),
    standardApiKey: z.string().min(1).optional(),
    standardSigningSecret: z.string().min(1).optional(),
    /** The provider's variant (profile §6: signature recipe, wire names); the profile's when left out. */
    variant: z.enum(PROVIDER_VARIANT_IDS).optional(),
  })
  .strict();
export type CliConfig = z.infer<typeof CliConfig>;

const USAGE = 'npm run checkout -- --db PATH --config FILE (--order ORDER.json | --resubmit ORDER_NO)';

export async function runCheckoutCli(argv: string[]): Promise<number> {
  try {
    const { values } = parseCliArgs(
      argv,
      {
        db: { type: 'string' },
        config: { type: 'string' },
        order: { type: 'string' },
        resubmit: { type: 'string' },
      },
      USAGE,
    );
    if (!values.db || !values.config || (values.order === undefined) === (values.resubmit === undefined)) {
      throw usage(`用法：${USAGE}`, `Usage: ${USAGE}`);
    }
    const configParse = CliConfig.safeParse(readJsonFile(values.config, { zh: '設定', en: 'config' }));
    if (!configParse.success) {
      throw usage(
        `設定不正確：${schemaIssues(configParse.error)}`,
        `Bad config: ${schemaIssues(configParse.error)}`,
      );
    }
    const {
      tillId,
      training,
      standardServiceUrl: _u,
      standardApiKey: _k,
      standardSigningSecret: _s,
      ...service
    } = configParse.data;

    // Everything about the input is checked before the journal is opened (or created).
    let order: CheckoutOrder | null = null;
    if (values.order !== undefined) {
      const orderParse = CheckoutOrder.safeParse(readJsonFile(values.order, { zh: '訂單', en: 'order' }));
      if (!orderParse.success) {
        throw usage(
          `訂單格式不正確：${schemaIssues(orderParse.error)}`,
          `Bad order: ${schemaIssues(orderParse.error)}`,
        );
      }
      const prepared = prepareOrder(orderParse.data);
      if (!prepared.ok) {
        const reason = joinReasons(prepared.reasons);
        throw usage(`未結帳：${reason.zh}`, `Not checked out: ${reason.en}`);
      }
      order = orderParse.data;
    } else if (!existsSync(values.db)) {
      throw usage(`找不到交易日誌 ${values.db}`, `No journal at ${values.db}`);
    }

    const journal = Journal.open(values.db);
    try {
      journal.recoverInFlight();
      const { engine } = assembleCheckout({
        journal,
        service,
        tillId,
        trainingMode: training ?? false,
        logger: stderrLogger,
      });
      const result = order
        ? await engine.submit(order)
        : await engine.resubmit(values.resubmit!, { by: 'cli' });
      process.stdout.write(
        JSON.stringify({
          orderNo: result.orderNo,
          state: result.state,
          invoiceNumber: result.invoiceNumber,
          message: result.message,
        }) + '\n',
      );
      return 0;
    } finally {
      journal.close();
    }
  } catch (error) {
    return reportCliFailure(error);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('checkout/cli.ts')) {
  void runCheckoutCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
