import { basename, join, resolve } from 'node:path';

/** How to start a TypeScript child process: the node binary, its arguments and environment. */
export interface ChildCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

const root = resolve(import.meta.dirname, '../..');

/**
 * The crash tests restart a child hundreds of times: bundled once with esbuild (tsx's own) into
 * `dir`, each start costs ~0.2 s, not ~0.7 s; without esbuild it runs through tsx.
 */
export async function childCommand(entry: string, dir: string): Promise<ChildCommand> {
  try {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    const outfile = join(dir, basename(entry).replace(/\.ts$/, '.cjs'));
    await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile,
      external: ['better-sqlite3'],
      logLevel: 'silent',
    });
    return {
      file: process.execPath,
      args: [outfile],
      env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
    };
  } catch {
    return { file: process.execPath, args: ['--import', 'tsx', entry], env: process.env };
  }
}
