import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTillCore, type TillCore } from '../main/app/create-core';
import { createConsoleLogger, type Logger } from '../main/core/logger';
import { createFileKeySecretStore } from '../main/settings/file-key-secret-store';
import { createJsonFileSettingsStore } from '../main/settings/json-file-settings-store';
import { startWebHost, type WebHost } from './server';

const projectRoot = resolve(import.meta.dirname, '../..');

export interface TillWebHostOptions {
  dataDir: string;
  port?: number;
  logger?: Logger;
}

/** The whole till without Electron: core + web host, as `npm run web` and the e2e tests run it. */
export async function startTillWebHost(
  options: TillWebHostOptions,
): Promise<{ host: WebHost; core: TillCore; close(): Promise<void> }> {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    productName: string;
    version: string;
  };
  const core = await createTillCore({
    host: 'web',
    appName: pkg.productName,
    version: pkg.version,
    dataDir: options.dataDir,
    settings: createJsonFileSettingsStore(join(options.dataDir, 'settings.json')),
    secrets: createFileKeySecretStore(options.dataDir),
    logger: options.logger ?? createConsoleLogger('web-host'),
  });
  const host = await startWebHost({
    core,
    rendererDir: join(projectRoot, 'out/renderer'),
    port: options.port,
  });
  return {
    host,
    core,
    async close() {
      await host.close();
      await core.close();
    },
  };
}
