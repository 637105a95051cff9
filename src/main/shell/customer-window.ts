import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { APP_INDEX_URL } from './app-origin';
import { mainWindowOptions } from './window-options';

/**
 * The customer display's window (issue 15): the same renderer bundle with `?display=customer`,
 * which renders only the read-only customer view (it calls nothing; main sends it
 * `display.changed`). It covers the second display when there is one, never the cashier's;
 * without a second display there is no customer window.
 *
 * Placing a window on another screen is where the platforms differ (issue 23):
 * - Wayland ignores a window's x/y (Electron runs natively there), so on a Wayland session the
 *   till asks Chromium for X11 through XWayland (`linuxWindowingSwitches`), where x/y hold.
 * - Windows misplaces a window created full screen on a screen whose scaling differs from the
 *   primary's: the window is created at the display's bounds without full screen, set to those
 *   bounds again once it exists (the second call lands in the right DPI), and stays a frameless
 *   window of the screen's size rather than going full screen.
 * - Elsewhere it is placed the same way, then made full screen.
 * After that the window's bounds are checked against the screens: a window that did not land on
 * its display is closed, never left over the till.
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

/** Chromium switches to set before the app is ready: X11 (XWayland) on a Wayland session, so x/y hold. */
export function linuxWindowingSwitches(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
): Array<[string, string]> {
  if (platform !== 'linux') return [];
  const wayland = env.XDG_SESSION_TYPE === 'wayland' || Boolean(env.WAYLAND_DISPLAY);
  return wayland ? [['ozone-platform', 'x11']] : [];
}

/** The customer window: the main window's security checklist, at `display`'s bounds, no devtools, never focused. */
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
    // Full screen comes after placing (placeCustomerWindow): created full screen it lands wrong.
    fullscreen: false,
    frame: false,
    // Keys typed at the counter never land on the customer's screen.
    focusable: false,
    skipTaskbar: true,
    title: '顧客畫面 Customer display',
    backgroundColor: '#0f172a',
    webPreferences: { ...base.webPreferences, devTools: false },
  };
}

/** The part of a BrowserWindow placing uses. */
export interface PlaceableWindow {
  setBounds(bounds: Rectangle): void;
  getBounds(): Rectangle;
  setFullScreen(flag: boolean): void;
  showInactive(): void;
}

/** Places the window on `display` as the platform needs; false when it did not land there. */
export function placeCustomerWindow(
  window: PlaceableWindow,
  display: DisplayInfo,
  platform: NodeJS.Platform,
  displayMatching: (bounds: Rectangle) => { id: number },
): boolean {
  window.setBounds(display.bounds);
  if (platform !== 'win32') window.setFullScreen(true);
  if (displayMatching(window.getBounds()).id !== display.id) return false;
  window.showInactive();
  return true;
}

/** What the till's screen shows about the customer display (the `display.window` method). */
export type CustomerWindowState = 'open' | 'closed' | 'no-screen' | 'misplaced';

export interface CustomerWindowHandle {
  readonly displayId: number;
  close(): void;
  isDestroyed(): boolean;
}

export interface ScreenLike {
  getAllDisplays(): DisplayInfo[];
  getPrimaryDisplay(): { id: number };
  on(event: 'display-added' | 'display-removed' | 'display-metrics-changed', listener: () => void): unknown;
}

/**
 * Follows the screens: the customer window opens on a second screen when one is there, closes
 * when its screen leaves (an unplugged monitor must not move a full-screen, unfocusable window
 * over the till), reopens when a screen comes back, and moves when the screens are rearranged.
 * The cashier can close it from the till; it then stays closed until they open it again.
 */
export function createCustomerDisplayManager(deps: {
  screen: ScreenLike;
  /** Creates and places the window; null when it could not be placed on `display`. */
  open(display: DisplayInfo): CustomerWindowHandle | null;
  onChanged(state: CustomerWindowState): void;
}) {
  let window: CustomerWindowHandle | null = null;
  let wanted = true;
  let misplaced = false;
  let lastState: CustomerWindowState | null = null;

  const state = (): CustomerWindowState => {
    if (window && !window.isDestroyed()) return 'open';
    const target = customerDisplayFor(deps.screen.getAllDisplays(), deps.screen.getPrimaryDisplay().id);
    if (!target) return 'no-screen';
    if (misplaced) return 'misplaced';
    return 'closed';
  };
  const announce = () => {
    const now = state();
    if (now !== lastState) {
      lastState = now;
      deps.onChanged(now);
    }
  };
  const closeWindow = () => {
    if (window && !window.isDestroyed()) window.close();
    window = null;
  };
  const sync = () => {
    const target = customerDisplayFor(deps.screen.getAllDisplays(), deps.screen.getPrimaryDisplay().id);
    if (window && (window.isDestroyed() || !target || target.id !== window.displayId)) closeWindow();
    if (!target) misplaced = false;
    if (!window && target && wanted && !misplaced) {
      window = deps.open(target);
      misplaced = window === null;
    }
    announce();
  };

  return {
    start() {
      for (const event of ['display-added', 'display-removed', 'display-metrics-changed'] as const) {
        deps.screen.on(event, () => {
          // A screen that comes or goes is a new chance to place a window that missed before.
          misplaced = false;
          sync();
        });
      }
      sync();
    },
    state,
    /** The cashier's switch: close it now, or open it again on the second screen. */
    setOpen(open: boolean): CustomerWindowState {
      wanted = open;
      misplaced = false;
      if (!open) closeWindow();
      sync();
      return state();
    },
    /** The till's window is closing: the customer window goes with it. */
    closeAll() {
      wanted = false;
      closeWindow();
    },
  };
}
