import { describe, expect, it } from 'vitest';
import { createFileKeySecretStore } from '../../../src/main/settings/file-key-secret-store';
import { createPinGuard, hashPin, verifyPinHash } from '../../../src/main/settings/pin';
import { tempDirsPerTest } from '../../support/temp-dirs-per-test';

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

describe('supervisor PIN lockout', () => {
  const tempDir = tempDirsPerTest('pin-lockout');

  /** A guard over a real (file-key) secret store that counts the slow hash checks it runs. */
  function guardOver(dir: string, now: () => number = Date.now) {
    const counter = { hashes: 0 };
    const guard = createPinGuard({
      secrets: createFileKeySecretStore(dir),
      now,
      checkHash: async (pin, stored) => {
        counter.hashes += 1;
        return verifyPinHash(pin, stored);
      },
    });
    return { guard, counter };
  }

  it('checks at most five of 100 parallel wrong guesses; the rest are refused as locked', async () => {
    const dir = tempDir();
    const { guard, counter } = guardOver(dir);
    await guard.set('482916');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => guard.verify(String(100_000 + i))),
    );
    expect(counter.hashes).toBeLessThanOrEqual(5);
    const wrong = outcomes.filter((o) => o.status === 'fulfilled' && o.value === false);
    const locked = outcomes.filter(
      (o) => o.status === 'rejected' && (o.reason as { code?: string }).code === 'pin-locked',
    );
    expect(wrong).toHaveLength(counter.hashes);
    expect(locked).toHaveLength(100 - counter.hashes);
    // Locked means locked: the right PIN is refused too, without a hash check.
    await expect(guard.verify('482916')).rejects.toMatchObject({ code: 'pin-locked' });
    expect(counter.hashes).toBeLessThanOrEqual(5);
  });

  it('keeps the count and the lock across a restart (a new guard on the same store)', async () => {
    const dir = tempDir();
    let now = 5_000_000;
    const first = guardOver(dir, () => now);
    await first.guard.set('2580');
    for (let i = 0; i < 3; i++) expect(await first.guard.verify('0000')).toBe(false);

    // Restart: two more wrong PINs lock it, not five.
    const second = guardOver(dir, () => now);
    expect(await second.guard.verify('0000')).toBe(false);
    expect(await second.guard.verify('0000')).toBe(false);
    await expect(second.guard.verify('2580')).rejects.toMatchObject({ code: 'pin-locked' });

    // Restart again while locked: still locked, nothing checked.
    const third = guardOver(dir, () => now);
    await expect(third.guard.verify('2580')).rejects.toMatchObject({ code: 'pin-locked' });
    expect(third.counter.hashes).toBe(0);

    now += 60_000;
    expect(await third.guard.verify('2580')).toBe(true);
    // The right PIN clears the count: five fresh guesses again after another restart.
    const fourth = guardOver(dir, () => now);
    for (let i = 0; i < 4; i++) expect(await fourth.guard.verify('0000')).toBe(false);
    expect(await fourth.guard.verify('2580')).toBe(true);
  });

  it('counts a guess before its hash is checked, so one cut short by a crash still counts', async () => {
    const dir = tempDir();
    const { guard } = guardOver(dir);
    await guard.set('2580');
    const secrets = createFileKeySecretStore(dir);
    const crashing = createPinGuard({
      secrets,
      checkHash: async () => {
        // What a restart in the middle of the hash leaves: the count is already on disk.
        expect(JSON.parse(secrets.get('pinLockout')!)).toMatchObject({ failures: 1 });
        throw new Error('power cut');
      },
    });
    await expect(crashing.verify('0000')).rejects.toThrow('power cut');
    expect(JSON.parse(secrets.get('pinLockout')!)).toMatchObject({ failures: 1 });
  });

  it('does not let a clock turned back stretch the lock beyond a minute', async () => {
    const dir = tempDir();
    let now = 9_000_000;
    const { guard } = guardOver(dir, () => now);
    await guard.set('2580');
    for (let i = 0; i < 5; i++) await guard.verify('0000');
    now -= 3_600_000; // an hour back
    await expect(guard.verify('2580')).rejects.toThrow('try again in 60 s');
  });
});
