import { join } from 'node:path';
import type { Logger } from '../core/logger';
import type { Redactor } from './redact';
import { createRotatingFile } from './rotating-file';

export interface FileLoggerOptions {
  /** The logs folder, e.g. `<userData>/logs`. */
  dir: string;
  redactor: Redactor;
  /** Default `till.log`. */
  fileName?: string;
  /** Default 5 MiB. */
  maxBytes?: number;
  /** Rotated files kept; default 5. */
  keep?: number;
  /** Also write each line to the console (development builds). */
  echo?: boolean;
  now?: () => Date;
}

/**
 * The Electron shell's Logger: one line per entry, `time LEVEL message {fields}`, to rotating
 * files in the user-data folder. Every message and field goes through the redactor first.
 */
export function createFileLogger(options: FileLoggerOptions): Logger & { readonly file: string } {
  const out = createRotatingFile({
    file: join(options.dir, options.fileName ?? 'till.log'),
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    keep: options.keep ?? 5,
  });
  const now = options.now ?? (() => new Date());
  const { redactor } = options;

  const write = (level: 'INFO' | 'WARN' | 'ERROR', message: string, extra: unknown) => {
    const detail = extra === undefined ? '' : ` ${stringify(redactor.redact(extra))}`;
    // One entry, one line: newlines inside a message would let it forge entries.
    const line = `${now().toISOString()} ${level} ${redactor.redactText(message)}${detail}`.replace(
      /\r?\n/g,
      '\\n',
    );
    try {
      out.append(line + '\n');
    } catch (error) {
      console.error('till log: cannot write', error);
    }
    if (options.echo) (level === 'ERROR' ? console.error : console.log)(line);
  };

  return {
    file: out.file,
    info: (message, fields) => write('INFO', message, fields),
    warn: (message, fields) => write('WARN', message, fields),
    error: (message, detail) => write('ERROR', message, detail),
  };
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
