import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(import.meta.dirname, 'child-journal.ts');

/** Runs child-journal.ts to completion in its own Node process; returns its stdout lines. */
export function runChild(args: string[]): string[] {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`child failed (${result.status}): ${result.stderr}`);
  return result.stdout.trim().split('\n').filter(Boolean);
}

/** Starts child-journal.ts concurrently; resolves with its stdout lines. */
export function startChild(args: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) =>
      code === 0
        ? resolve(out.trim().split('\n').filter(Boolean))
        : reject(new Error(`child ${code}: ${err}`)),
    );
  });
}

/** Starts a child that begins a sale and hangs; resolves with the order number and a SIGKILL. */
export function startHangingChild(db: string): Promise<{ orderNo: string; kill(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, 'hang', db]);
    let out = '';
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) {
        resolve({
          orderNo: out.trim(),
          kill: () =>
            new Promise<void>((done) => {
              child.on('close', () => done());
              child.kill('SIGKILL');
            }),
        });
      }
    });
  });
}

/**
 * Starts child-journal.ts with `args` and resolves once it prints a line starting with `hang`
 * (it then blocks at the point it names): every line before it, and a SIGKILL.
 */
export function startChildUntilHang(args: string[]): Promise<{ lines: string[]; kill(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args]);
    let out = '';
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (!out.includes('hang')) reject(new Error(`child ended (${code}) before it hung: ${out}`));
    });
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      if (lines.some((line) => line.startsWith('hang'))) {
        resolve({
          lines: lines.filter(Boolean),
          kill: () =>
            new Promise<void>((done) => {
              child.on('close', () => done());
              child.kill('SIGKILL');
            }),
        });
      }
    });
  });
}
