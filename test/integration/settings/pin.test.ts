import { describe, expect, it } from 'vitest';
import { hashPin, verifyPinHash } from '../../../src/main/settings/pin';

describe('supervisor PIN hash', () => {
  it('is a salted scrypt hash: different each time, verifying only the right PIN', async () => {
    const first = await hashPin('482916');
    const second = await hashPin('482916');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('482916');
    expect(await verifyPinHash('482916', first)).toBe(true);
    expect(await verifyPinHash('482916', second)).toBe(true);
    expect(await verifyPinHash('482917', first)).toBe(false);
    expect(await verifyPinHash('', first)).toBe(false);
  });

  it('rejects damaged or planted hashes without running an expensive check', async () => {
    const good = await hashPin('1234');
    const [, , r, p, salt, key] = good.split('$');
    for (const stored of [
      '',
      'plain-1234',
      `bcrypt$16384$${r}$${p}$${salt}$${key}`,
      `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`, // gigabytes of memory: refused
      `scrypt$16384$${r}$${p}$${salt}$${key!.slice(0, 10)}`,
      `scrypt$abc$${r}$${p}$${salt}$${key}`,
    ]) {
      expect(await verifyPinHash('1234', stored), stored).toBe(false);
    }
  });
});
