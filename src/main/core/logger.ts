/**
 * The main process's log: structured lines, never secrets (callers pass fields, not requests).
 * The Electron shell writes it to rotating files; the web host and tests to the console or memory.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, detail?: unknown): void;
}

export function createConsoleLogger(prefix = 'till'): Logger {
  const line = (level: string, message: string, extra?: unknown) =>
    `${new Date().toISOString()} ${level} [${prefix}] ${message}${extra === undefined ? '' : ' ' + stringify(extra)}`;
  return {
    info: (message, fields) => console.log(line('INFO', message, fields)),
    warn: (message, fields) => console.warn(line('WARN', message, fields)),
    error: (message, detail) => console.error(line('ERROR', message, detail)),
  };
}

function stringify(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** For code whose logger is optional (CLIs, tests): drops everything. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
