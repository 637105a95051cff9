// The till's core as a process the outage-day test kills with SIGKILL in the middle of a sale: it
// starts the core on the test's data folder (settings, secrets and journal as the web host keeps
// them), says `ready`, and makes one paper sale. The service refuses connections, so the sale is
// issued with the till's own number; the test's printer kills this process when the proof's bytes
// arrive, after the issuing commit and before the print is recorded. Argument: {"dataDir"}.
import { join } from 'node:path';
import { createTillCore } from '../../../src/main/app/create-core';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../../../src/main/settings/json-file-settings-store';

const { dataDir } = JSON.parse(process.argv[2] ?? '{}') as { dataDir: string };
const quiet = { info() {}, warn() {}, error() {} };

async function main(): Promise<void> {
  const core = await createTillCore({
    host: 'web',
    appName: 'Till',
    version: 'test',
    dataDir,
    settings: createJsonFileSettingsStore(join(dataDir, 'settings.json')),
    secrets: createFileKeySecretStore(dataDir),
    logger: quiet,
  });
  process.stdout.write('ready\n');
  const sale = {
    lines: [{ name: '便當', quantity: 1, unitPrice: 130, taxType: 'taxable' }],
    payments: [{ method: 'cash', amount: 130 }],
    invoice: { kind: 'paper' },
  };
  const result = await core.dispatch('checkout.submit', sale, { host: 'web' });
  // Reached only if the printer never killed this life: the test fails on it.
  process.stdout.write(`idle ${JSON.stringify(result)}\n`);
  setInterval(() => {}, 1 << 30);
}
void main();
