// `npm run service -- --port N --data DIR --config FILE`: the training-mode e-invoice service.
// Without --config it runs with the well-known training keys (trainingDefaults()).
// Exit codes: 2 bad arguments or config, 1 the service could not start.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  parseTrainingServiceConfig,
  startTrainingService,
  trainingDefaults,
  type TrainingServiceConfig,
} from './index';

class CliExit extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
    readonly code = 2,
  ) {
    super(en);
  }
}

function readArgs(): { port: number; dataDir: string; configFile: string | undefined } {
  let values: { port?: string; data?: string; config?: string };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string', default: '.training-service-data' },
        config: { type: 'string' },
      },
    }));
  } catch (error) {
    const reason = (error as Error).message;
    throw new CliExit(
      `參數不正確：${reason}`,
      `Bad arguments: ${reason}\nusage: --port N --data DIR --config FILE`,
    );
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port ?? '') || port > 65535) {
    throw new CliExit(
      `連接埠不正確：${values.port}`,
      `Invalid --port: ${values.port} (0-65535, 0 = any free port)`,
    );
  }
  return { port, dataDir: resolve(values.data ?? '.training-service-data'), configFile: values.config };
}

function loadConfig(file: string | undefined): TrainingServiceConfig {
  if (file === undefined) return trainingDefaults();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliExit(
      `無法讀取設定檔 ${file}`,
      `Cannot read the config file ${file}: ${(error as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliExit(
      `設定檔 ${file} 不是有效的 JSON`,
      `The config file ${file} is not valid JSON: ${(error as Error).message}`,
    );
  }
  const parsed = parseTrainingServiceConfig(json);
  if (!parsed.ok) throw new CliExit(`${parsed.message.zh}（${file}）`, `${parsed.message.en} (${file})`);
  return parsed.config;
}

async function main(): Promise<void> {
  const args = readArgs();
  const config = loadConfig(args.configFile);
  const service = await startTrainingService({ dataDir: args.dataDir, config, port: args.port }).catch(
    (error: unknown) => {
      throw new CliExit(
        '無法啟動練習用發票服務',
        `Cannot start the training service: ${(error as Error).message}`,
        1,
      );
    },
  );
  console.log(`listening on ${service.url}`);
  console.log(`standard API on ${service.standardUrl}`);
  if (args.configFile === undefined) {
    console.log(
      `(training defaults: companyId ${config.companyId}, apiKey ${config.apiKey}, standardApiKey ${config.standardApiKey}; data ${args.dataDir})`,
    );
  }
  const stop = () => void service.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof CliExit) {
    console.error(`${error.zh}\n${error.en}`);
    process.exit(error.code);
  }
  console.error(error);
  process.exit(1);
});
