import { describe, expect, it } from 'vitest';
import { menuAccelerators, tillMenuTemplate } from '../../../src/main/shell/app-menu';

// The keys the till itself uses (renderer/src/app/shortcuts.ts: F1-F12 and Esc) and what a
// scanner types (digits, letters, Enter), plus the default menu's keys that must stay dead.
const TILL_KEYS = [...Array.from({ length: 12 }, (_, i) => `F${i + 1}`), 'Escape', 'Enter'];
const DEFAULT_MENU_KEYS = [
  'CommandOrControl+W',
  'CommandOrControl+R',
  'CommandOrControl+Shift+R',
  'CommandOrControl+Q',
  'F11',
  'CommandOrControl+Plus',
  'CommandOrControl+-',
  'CommandOrControl+0',
  'F5',
];

describe('the application menu', () => {
  it('a packaged till has none: no key is bound by a menu', () => {
    expect(tillMenuTemplate({ devTools: false })).toBeNull();
    expect(menuAccelerators(tillMenuTemplate({ devTools: false }))).toEqual([]);
  });

  it('a development build binds only the developer tools, on a chord the till never uses', () => {
    const keys = menuAccelerators(tillMenuTemplate({ devTools: true }));
    expect(keys).toEqual(['CommandOrControl+Shift+I']);
    for (const key of [...TILL_KEYS, ...DEFAULT_MENU_KEYS]) expect(keys).not.toContain(key);
    const roles = JSON.stringify(tillMenuTemplate({ devTools: true }));
    for (const role of [
      'reload',
      'forceReload',
      'close',
      'quit',
      'togglefullscreen',
      'zoomIn',
      'zoomOut',
      'resetZoom',
    ])
      expect(roles).not.toContain(`"role":"${role}"`);
  });
});
