import { spawn } from 'node:child_process';
import { startService } from '/work/main/test/integration/checkout/harness';
import { makeTempDir } from '/work/main/test/support/temp-dir';
async function main() {
const temp = makeTempDir('probe');
const service = await startService(temp.dir);
const arg = JSON.stringify({ dbPath: temp.dir + '/j.sqlite', serviceUrl: service.url, companyId: service.config.companyId, apiKey: service.config.apiKey, signingSecret: service.config.signingSecret, tillId: 'K1' });
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '/work/main/test/integration/checkout/crash-child.ts', arg], { cwd: '/work/main' });
  let lines = 0;
  await new Promise<void>((resolve) => child.stdout.on('data', (d) => { if (String(d).includes('ready') && lines === 0) { lines++; console.log('ready after', Math.round(performance.now() - t)); setTimeout(() => child.kill('SIGKILL'), 300); } }).on('end', resolve));
  await new Promise((r) => child.on('exit', r));
}
await service.close();
temp.remove();
}
void main();
