import { z } from 'zod';
import { method, noInput } from './define';

export const TillMode = z.enum(['training', 'production']);
export type TillMode = z.infer<typeof TillMode>;

export const AppStatus = z.object({
  appName: z.string(),
  version: z.string(),
  mode: TillMode,
  tillId: z.string(),
  /** Where the core runs: inside Electron, or the development web host in plain Node. */
  host: z.enum(['electron', 'web']),
  startedAt: z.string(),
  /** Reachability of the e-invoice service as last seen; 'unknown' until the first check. */
  service: z.object({
    state: z.enum(['unknown', 'reachable', 'unreachable']),
    url: z.string(),
    checkedAt: z.string().nullable(),
  }),
  printer: z.object({
    state: z.enum(['unknown', 'online', 'offline', 'paper-out', 'cover-open', 'none']),
    name: z.string(),
  }),
  pendingVerification: z.number().int().nonnegative(),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const appMethods = {
  'app.status': method(
    'The status bar: version, mode, till id, service, printer, pending count.',
    noInput,
    AppStatus,
  ),
  'app.echo': method(
    'A round trip for diagnostics: returns the text it was given.',
    z.object({ text: z.string().min(1).max(200) }).strict(),
    z.object({ text: z.string(), receivedAt: z.string() }),
  ),
};

export const appEvents = {
  'app.status-changed': AppStatus,
};
