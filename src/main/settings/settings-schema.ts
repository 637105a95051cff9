import { TillSettings } from '../../shared/ipc/contract/settings';

/**
 * The till's settings schema lives in the IPC contract (the settings screen shows it); the main
 * process imports it from here.
 */
export { TillSettings };

export const defaultSettings = (): TillSettings => TillSettings.parse({});
