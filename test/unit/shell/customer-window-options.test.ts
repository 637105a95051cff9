import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL, isAppUrl } from '../../../src/main/shell/app-origin';
import {
  CUSTOMER_DISPLAY_EVENTS,
  CUSTOMER_DISPLAY_URL,
  createCustomerDisplayManager,
  customerDisplayFor,
  customerWindowOptions,
  linuxWindowingSwitches,
  placeCustomerWindow,
  type DisplayInfo,
} from '../../../src/main/shell/customer-window';
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';
import { mainWindowOptions } from '../../../src/main/shell/window-options';

const primary = { id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 } };
const pole = { id: 2, bounds: { x: 1366, y: 0, width: 800, height: 480 } };

describe('customer display window options', () => {
  it('opens only on a screen that is not the cashier’s', () => {
    expect(customerDisplayFor([primary], 1)).toBeNull();
    expect(customerDisplayFor([primary, pole], 1)).toBe(pole);
    expect(customerDisplayFor([pole, primary], 1)).toBe(pole);
    expect(customerDisplayFor([], 1)).toBeNull();
  });

  it('keeps the main window’s security checklist, at that display’s bounds, never focused, no devtools', () => {
    const options = customerWindowOptions({ preloadPath: '/app/out/preload/index.js', display: pole });
    const main = mainWindowOptions({
      preloadPath: '/app/out/preload/index.js',
      kiosk: false,
      devTools: true,
    });
    expect(options.webPreferences).toEqual({ ...main.webPreferences, devTools: false });
    expect(options).toMatchObject({
      x: 1366,
      y: 0,
      width: 800,
      height: 480,
      // Full screen only after placing (placeCustomerWindow): created full screen, Windows puts it
      // on the wrong screen when the two screens' scaling differs.
      fullscreen: false,
      frame: false,
      focusable: false,
      show: false,
      kiosk: false,
    });
    expect(options.minWidth).toBeUndefined(); // a small pole display is not refused
  });

  it('loads the customer view of the app’s own bundle and gets only display.changed', () => {
    expect(CUSTOMER_DISPLAY_URL.startsWith(APP_INDEX_URL)).toBe(true);
    expect(isAppUrl(CUSTOMER_DISPLAY_URL)).toBe(true);
    expect(new URL(CUSTOMER_DISPLAY_URL).searchParams.get('display')).toBe('customer');
    expect(CUSTOMER_DISPLAY_EVENTS).toEqual(['display.changed']);
  });
});

/** A window as a window manager places it: `compositor` decides where asked bounds really land. */
function placedWindow(compositor: (asked: DisplayInfo['bounds']) => DisplayInfo['bounds'] = (b) => b) {
  let bounds = { x: 0, y: 0, width: 800, height: 600 };
  return {
    setBounds: vi.fn((asked: DisplayInfo['bounds']) => (bounds = compositor(asked))),
    getBounds: () => bounds,
    setFullScreen: vi.fn(),
    showInactive: vi.fn(),
  };
}
const matching = (displays: DisplayInfo[]) => (rect: DisplayInfo['bounds']) =>
  displays.find((d) => rect.x >= d.bounds.x && rect.x < d.bounds.x + d.bounds.width) ?? displays[0]!;

describe('placing the customer window, per platform', () => {
  it('Windows: the display’s bounds set after creation, no full screen (it misplaces across scaling)', () => {
    const window = placedWindow();
    expect(placeCustomerWindow(window, pole, 'win32', matching([primary, pole]))).toBe(true);
    expect(window.setBounds).toHaveBeenCalledWith(pole.bounds);
    expect(window.setFullScreen).not.toHaveBeenCalled();
    expect(window.showInactive).toHaveBeenCalled();
  });

  it('Linux and macOS: placed, then full screen on that display', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const window = placedWindow();
      expect(placeCustomerWindow(window, pole, platform, matching([primary, pole]))).toBe(true);
      expect(window.setFullScreen).toHaveBeenCalledWith(true);
    }
  });

  it('a window the OS put elsewhere (x/y ignored) is reported, never shown over the till', () => {
    const window = placedWindow((asked) => ({ ...asked, x: 0, y: 0 }));
    expect(placeCustomerWindow(window, pole, 'linux', matching([primary, pole]))).toBe(false);
    expect(window.showInactive).not.toHaveBeenCalled();
  });

  it('asks Chromium for X11 (XWayland) on a Wayland session, where x/y are honoured', () => {
    expect(linuxWindowingSwitches('linux', { XDG_SESSION_TYPE: 'wayland' })).toEqual([
      ['ozone-platform', 'x11'],
    ]);
    expect(linuxWindowingSwitches('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toEqual([
      ['ozone-platform', 'x11'],
    ]);
    expect(linuxWindowingSwitches('linux', { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0' })).toEqual([]);
    expect(linuxWindowingSwitches('win32', { WAYLAND_DISPLAY: 'x' })).toEqual([]);
  });
});

describe('the customer display follows the screens', () => {
  function rig(initial: DisplayInfo[]) {
    let displays = initial;
    const events = new EventEmitter();
    const screen = Object.assign(events, {
      getAllDisplays: () => displays,
      getPrimaryDisplay: () => displays[0]!,
    });
    const opened: Array<{ displayId: number; closed: boolean }> = [];
    const states: string[] = [];
    let placeable = true;
    const manager = createCustomerDisplayManager({
      screen,
      open(display) {
        if (!placeable) return null;
        const window = { displayId: display.id, closed: false };
        opened.push(window);
        return {
          displayId: display.id,
          close: () => (window.closed = true),
          isDestroyed: () => window.closed,
        };
      },
      onChanged: (state) => states.push(state),
    });
    return {
      manager,
      opened,
      states,
      setPlaceable: (value: boolean) => (placeable = value),
      set(next: DisplayInfo[], event: 'display-added' | 'display-removed' | 'display-metrics-changed') {
        displays = next;
        events.emit(event);
      },
    };
  }

  it('opens on the second screen, closes when it is unplugged, reopens when it comes back', () => {
    const till = rig([primary, pole]);
    till.manager.start();
    expect(till.opened).toEqual([{ displayId: 2, closed: false }]);
    till.set([primary], 'display-removed');
    expect(till.opened[0]!.closed).toBe(true);
    expect(till.manager.state()).toBe('no-screen');
    till.set([primary, pole], 'display-added');
    expect(till.opened).toHaveLength(2);
    expect(till.opened[1]).toEqual({ displayId: 2, closed: false });
    expect(till.states).toEqual(['open', 'no-screen', 'open']);
  });

  it('moves to the new second screen when the screens are rearranged', () => {
    const other = { id: 3, bounds: { x: -800, y: 0, width: 800, height: 480 } };
    const till = rig([primary, pole]);
    till.manager.start();
    till.set([primary, other], 'display-metrics-changed');
    expect(till.opened.map((w) => [w.displayId, w.closed])).toEqual([
      [2, true],
      [3, false],
    ]);
  });

  it('opens nothing without a second screen', () => {
    const till = rig([primary]);
    till.manager.start();
    expect(till.opened).toEqual([]);
    expect(till.manager.state()).toBe('no-screen');
  });

  it('the cashier closes it from the till; it stays closed through screen changes until opened again', () => {
    const till = rig([primary, pole]);
    till.manager.start();
    expect(till.manager.setOpen(false)).toBe('closed');
    expect(till.opened[0]!.closed).toBe(true);
    till.set([primary], 'display-removed');
    till.set([primary, pole], 'display-added');
    expect(till.opened).toHaveLength(1);
    expect(till.manager.setOpen(true)).toBe('open');
    expect(till.opened).toHaveLength(2);
  });

  it('a window that could not be placed is not retried in a loop; a screen change tries again', () => {
    const till = rig([primary, pole]);
    till.setPlaceable(false);
    till.manager.start();
    expect(till.manager.state()).toBe('misplaced');
    till.setPlaceable(true);
    till.set([primary, pole], 'display-metrics-changed');
    expect(till.manager.state()).toBe('open');
  });
});
