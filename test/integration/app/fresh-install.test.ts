import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTillWebHost } from '../../../src/web-host/start';
import { makeTempDir } from '../../support/temp-dir';

describe('a fresh install', () => {
  const temp = makeTempDir('fresh-install');
  afterAll(() => temp.remove());

  it('starts in training mode with a data folder that does not exist yet', async () => {
    const dataDir = join(temp.dir, 'not', 'there', 'yet');
    const errors: string[] = [];
    const logger = { info() {}, warn() {}, error: (message: string) => void errors.push(message) };
    const till = await startTillWebHost({ dataDir, logger });
    try {
      const result = await till.core.dispatch('app.status', {}, { host: 'web' });
      expect(result).toMatchObject({
        ok: true,
        value: { mode: 'training', service: { state: 'reachable' } },
      });
      expect(existsSync(join(dataDir, 'journal.sqlite'))).toBe(true);
      // Starting up logs no error (the training service, the journal, the printer all came up).
      expect(errors).toEqual([]);
    } finally {
      await till.close();
    }
  });
});
