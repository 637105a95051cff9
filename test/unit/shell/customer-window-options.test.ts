import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL, isAppUrl } from '../../../src/main/shell/app-origin';
import {
  CUSTOMER_DISPLAY_EVENTS,
  CUSTOMER_DISPLAY_URL,
  customerDisplayFor,
  customerWindowOptions,
} from '../../../src/main/shell/customer-window';
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

  it('keeps the main window’s security checklist, full screen on that display, never focused, no devtools', () => {
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
      fullscreen: true,
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
