// `npm run web`: the till in a browser, for development and preview. Never shipped.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startTillWebHost } from './start';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string', default: '.till-data' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`連接埠不正確 / Invalid --port: ${values.port}`);
  process.exit(2);
}

// tsx runs this file as CommonJS (package.json has no "type": "module"), so no top-level await.
async function main(): Promise<void> {
  const till = await startTillWebHost({ dataDir: resolve(values.data), port });
  console.log(`Till web host (development only, 127.0.0.1): ${till.host.openUrl}`);
  const stop = () => {
    void till.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
