import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { APP_INDEX_URL } from './app-origin';
import { mainWindowOptions } from './window-options';

/**
 * The customer display's window (issue 15): the same renderer bundle with `?display=customer`,
 * which renders only the read-only customer view (it calls nothing; main sends it
 * `display.changed`). It opens full screen on the second display when there is one, never on
 * the cashier's; without a second display there is no customer window.
 */
export const CUSTOMER_DISPLAY_URL = `${APP_INDEX_URL}?display=customer`;

/** The event the customer window receives; every other push stays with the till's window. */
export const CUSTOMER_DISPLAY_EVENTS: readonly string[] = ['display.changed'];

export interface DisplayInfo {
  id: number;
  bounds: Rectangle;
}

/** The display for the customer: the first one that is not the primary (the cashier's), else null. */
export function customerDisplayFor(displays: readonly DisplayInfo[], primaryId: number): DisplayInfo | null {
  return displays.find((display) => display.id !== primaryId) ?? null;
}

/** The customer window: the main window's security checklist, full screen on `display`, no devtools, never focused. */
export function customerWindowOptions(settings: {
  preloadPath: string;
  display: DisplayInfo;
}): BrowserWindowConstructorOptions {
  const base = mainWindowOptions({ preloadPath: settings.preloadPath, kiosk: false, devTools: false });
  const { x, y, width, height } = settings.display.bounds;
  return {
    ...base,
    x,
    y,
    width,
    height,
    minWidth: undefined,
    minHeight: undefined,
    fullscreen: true,
    frame: false,
    // Keys typed at the counter never land on the customer's screen.
    focusable: false,
    skipTaskbar: true,
    title: '顧客畫面 Customer display',
    backgroundColor: '#0f172a',
    webPreferences: { ...base.webPreferences, devTools: false },
  };
}
