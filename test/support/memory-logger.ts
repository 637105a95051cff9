import type { Logger } from '../../src/main/core/logger';

/** A logger that keeps every line in memory, for tests that read what the till logged. */
export interface MemoryLogger extends Logger {
  lines: Array<{ level: string; message: string; fields?: unknown }>;
}

export function memoryLogger(): MemoryLogger {
  const lines: MemoryLogger['lines'] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, detail) =>
      lines.push({ level: 'error', message, fields: detail instanceof Error ? detail.message : detail }),
  };
}
