import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../src/main/logging/file-logger';
import { createRedactor } from '../../../src/main/logging/redact';
import { createRotatingFile } from '../../../src/main/logging/rotating-file';
import { logServiceResponse } from '../../../src/main/logging/service-response';
import { tempDirsPerTest } from '../../support/temp-dirs-per-test';

describe('log files', () => {
  const temp = tempDirsPerTest('logs');

  it('rotate at the size limit and keep only the newest K files', () => {
    const dir = temp();
    const file = join(dir, 'till.log');
    const log = createRotatingFile({ file, maxBytes: 100, keep: 2 });
    for (let i = 0; i < 10; i++) log.append(`line ${i} ${'x'.repeat(40)}\n`); // 48 bytes each: two per file
    expect(readdirSync(dir).sort()).toEqual(['till.log', 'till.log.1', 'till.log.2']);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(100);
    expect(readFileSync(file, 'utf8')).toMatch(/^line 8 .*\nline 9 /);
    expect(readFileSync(`${file}.1`, 'utf8')).toMatch(/^line 6 .*\nline 7 /);
    expect(readFileSync(`${file}.2`, 'utf8')).toMatch(/^line 4 .*\nline 5 /);
  });

  it('continue an existing file after a restart and still rotate on time', () => {
    const dir = temp();
    const file = join(dir, 'till.log');
    createRotatingFile({ file, maxBytes: 100, keep: 1 }).append('a'.repeat(80) + '\n');
    const again = createRotatingFile({ file, maxBytes: 100, keep: 1 });
    again.append('b'.repeat(30) + '\n');
    expect(readFileSync(file, 'utf8')).toBe('b'.repeat(30) + '\n');
    expect(readFileSync(`${file}.1`, 'utf8')).toBe('a'.repeat(80) + '\n');
  });

  it('write one redacted line per entry, with a service answer as status, StatusCode and ResultMessage', () => {
    const dir = temp();
    const redactor = createRedactor();
    const apiKey = 'AK-0a1b2c3d4e5f6a7b';
    redactor.remember(apiKey);
    const logger = createFileLogger({ dir, redactor, now: () => new Date('2025-01-02T03:04:05.000Z') });
    logger.info('checkout: submitted', { orderNo: 'T01-0001', headers: { apiKey } });
    logServiceResponse(logger, {
      operation: 'order',
      httpStatus: 200,
      body: { StatusCode: 0, ResultMessage: 'Signature mismatch', BillingNo: 'T01-0001' },
    });
    logger.error(`service call failed with key ${apiKey}`, new Error(`401 for ${apiKey}\n  at fake`));
    logger.warn('line\ninjected 2025-01-01T00:00:00.000Z ERROR forged');

    const lines = readFileSync(logger.file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      '2025-01-02T03:04:05.000Z INFO checkout: submitted {"orderNo":"T01-0001","headers":{"apiKey":"[redacted]"}}',
    );
    expect(lines[1]).toBe(
      '2025-01-02T03:04:05.000Z WARN service order {"operation":"order","httpStatus":200,"StatusCode":0,"ResultMessage":"Signature mismatch","BillingNo":"T01-0001"}',
    );
    expect(lines[2]).toContain('ERROR service call failed with key [redacted]');
    expect(lines[3]).toContain('WARN line\\ninjected');
    expect(readFileSync(logger.file, 'utf8')).not.toContain(apiKey);
    expect(logger.file).toBe(join(dir, 'till.log'));
    if (process.platform !== 'win32') expect(statSync(logger.file).mode & 0o077).toBe(0);
    expect(existsSync(join(dir, 'till.log.1'))).toBe(false);
  });
});
