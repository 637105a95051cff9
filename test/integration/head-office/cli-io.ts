import { PassThrough } from 'node:stream';
import { runHqCli } from '../../../src/main/head-office/cli';

/** Runs `npm run hq -- …` in this process; its exit code and what it printed. */
export async function hq(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = await runHqCli(args, { stdout, stderr });
  return { code, stdout: out, stderr: err };
}
