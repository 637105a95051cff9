import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { claimMachine, machineClaimFile } from '../../../src/main/shell/machine-claim';
import type { FakeElectron } from './fake-electron';

/*
 * Issue 23.5: one till per PC. Another OS account on the same PC used to start over at first-run
 * in training mode with an empty journal (a second T01). Here the PC's till was claimed by the
 * account "cashier-a"; this run is another account: it must refuse before it makes a journal.
 */
const state = vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH = '/nonexistent/electron-is-not-installed';
  return { fake: null as FakeElectron | null, machine: '' };
});
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  state.machine = fs.mkdtempSync(path.join(os.tmpdir(), 'till-pc-'));
  const claimFile = path.join(state.machine, 'ProgramData', 'Till', 'till-owner.json');
  fs.mkdirSync(path.dirname(claimFile), { recursive: true });
  fs.writeFileSync(
    claimFile,
    JSON.stringify({
      account: 'cashier-a',
      dataDir: 'C:\\Users\\cashier-a\\AppData\\Roaming\\Till',
      claimedAt: '2026-11-01T01:00:00.000Z',
    }),
  );
  state.fake = createFakeElectron({ claimFile });
  return { ...state.fake.module, default: state.fake.module };
});

afterAll(() => {
  rmSync(state.machine, { recursive: true, force: true });
  rmSync(state.fake!.userData, { recursive: true, force: true });
});

describe('a second OS account on a PC whose till is claimed', () => {
  it('refuses with the owning account named, releases the lock, and makes no journal', async () => {
    await import('../../../src/main/index');
    const fake = state.fake!;
    await vi.waitFor(() => expect(fake.module.app.exit).toHaveBeenCalledWith(1), { timeout: 20_000 });
    expect(fake.module.app.releaseSingleInstanceLock).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
    const [title, body] = fake.module.dialog.showErrorBox.mock.calls[0]! as [string, string];
    expect(title).toContain('另一個帳號');
    expect(body).toContain('「cashier-a」');
    expect(body).toContain('"cashier-a"');
    expect(existsSync(join(fake.userData, 'journal.sqlite'))).toBe(false);
    expect(readFileSync(join(fake.userData, 'logs', 'till.log'), 'utf8')).toContain(
      'runs under another account',
    );
  });
});

describe('the claim itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'till-claim-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the first account claims; it finds its own claim again; another account is told who has it', () => {
    const file = join(dir, 'one', 'till-owner.json');
    const now = new Date('2026-11-27T01:00:00Z');
    expect(claimMachine({ file, dataDir: '/home/a/.config/Till', account: 'a', now })).toEqual({
      kind: 'claimed',
      file,
    });
    expect(claimMachine({ file, dataDir: '/home/a/.config/Till/', account: 'a' })).toEqual({
      kind: 'ours',
      file,
    });
    const other = claimMachine({ file, dataDir: '/home/b/.config/Till', account: 'b' });
    expect(other).toEqual({
      kind: 'other-account',
      file,
      owner: { account: 'a', dataDir: '/home/a/.config/Till', claimedAt: '2026-11-27T01:00:00.000Z' },
    });
  });

  it('a damaged record refuses rather than allow a second journal; a PC with no shared folder runs and logs', () => {
    const file = join(dir, 'two', 'till-owner.json');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{"account":');
    expect(claimMachine({ file, dataDir: '/x', account: 'a' }).kind).toBe('damaged');
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    expect(claimMachine({ file: join(blocked, 'till-owner.json'), dataDir: '/x', account: 'a' }).kind).toBe(
      'unavailable',
    );
  });

  it('lives where every account can read it: ProgramData, /var/lib/till, /Users/Shared, or where support says', () => {
    expect(machineClaimFile('win32', { ProgramData: 'D:\\ProgramData' })).toMatch(
      /^D:\\ProgramData[\\/]Till[\\/]till-owner\.json$/,
    );
    expect(machineClaimFile('linux', {})).toBe('/var/lib/till/till-owner.json');
    expect(machineClaimFile('darwin', {})).toBe('/Users/Shared/Till/till-owner.json');
    expect(machineClaimFile('linux', { TILL_MACHINE_CLAIM: '/srv/till/owner.json' })).toBe(
      '/srv/till/owner.json',
    );
  });
});
