import type { AppStatus } from '../../shared/ipc/contract/app';
import { createAppHandlers } from '../app/handlers';
import type { SettingsStore } from '../settings/settings-store';
import { createDispatcher, type Dispatch, type HandlerMap } from './dispatch';
import { createEventHub, type EventHub } from './event-hub';
import type { Logger } from './logger';

export interface CoreOptions {
  host: 'electron' | 'web';
  appName: string;
  version: string;
  /** Where the journal, the training service's state and logs live. */
  dataDir: string;
  settings: SettingsStore;
  logger: Logger;
}

/** The main process without Electron: every capability behind one typed handler map. */
export interface TillCore {
  dispatch: Dispatch;
  events: EventHub;
  close(): Promise<void>;
}

export async function createTillCore(options: CoreOptions): Promise<TillCore> {
  const events = createEventHub();
  const startedAt = new Date().toISOString();

  const status = (): AppStatus => {
    const settings = options.settings.get();
    return {
      appName: options.appName,
      version: options.version,
      mode: settings.mode,
      tillId: settings.tillId,
      host: options.host,
      startedAt,
      service: { state: 'unknown', url: settings.serviceUrl, checkedAt: null },
      printer: { state: 'unknown', name: settings.printer.uri },
      pendingVerification: 0,
    };
  };

  const handlers: HandlerMap = {
    ...createAppHandlers({ status }),
  };

  return {
    dispatch: createDispatcher(handlers, options.logger),
    events,
    async close() {},
  };
}
