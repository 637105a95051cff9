// `npm run checkout -- --db PATH --config FILE (--order ORDER.json | --resubmit NO)`
// One checkout through the same engine as the till; prints one JSON line
// {"orderNo","state","invoiceNumber","message"} on stdout, logs on stderr. Exit 0 when the
// checkout ran (whatever its state), 2 for bad input or a refused resubmission (nothing written),
// 1 for a failure inside the till.
import { existsSync } from 'node:fs';
import { CheckoutOrder } from '../../shared/ipc/contract/checkout';
import {
  CliConfig,
  parseCliArgs,
  readJsonFile,
  reportCliFailure,
  schemaIssues,
  stderrLogger,
  usage,
} from '../core/cli-support';
import { Journal } from '../journal/journal';
import { assembleCheckout } from './assemble';
import { joinReasons, prepareOrder } from './prepare-order';

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
