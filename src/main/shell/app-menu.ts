import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu. Electron installs a default menu unless told otherwise, and its
 * accelerators work even when the menu bar is hidden (`autoHideMenuBar`) or in kiosk mode:
 * Ctrl+W closes the till's window (and so quits the app), Ctrl+R / Ctrl+Shift+R reload it in the
 * middle of a sale, Ctrl+Q quits on Linux, F11 leaves full screen and Ctrl+= / Ctrl+- zoom. At the
 * counter every key belongs to the till (F1–F12, Esc, Enter, the scanner's keys), so a packaged
 * till has no menu at all; a development build keeps one item, the developer tools, on a chord
 * the till never uses.
 */
export function tillMenuTemplate(options: { devTools: boolean }): MenuItemConstructorOptions[] | null {
  if (!options.devTools) return null;
  return [
    {
      label: '開發 Develop',
      submenu: [
        {
          label: '開發者工具 Developer tools',
          role: 'toggleDevTools',
          accelerator: 'CommandOrControl+Shift+I',
        },
      ],
    },
  ];
}

/** Every accelerator a menu template binds, however deep (for the tests and the first-run checklist). */
export function menuAccelerators(template: readonly MenuItemConstructorOptions[] | null): string[] {
  if (!template) return [];
  return template.flatMap((item) => [
    ...(item.accelerator ? [item.accelerator] : []),
    ...(Array.isArray(item.submenu) ? menuAccelerators(item.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}
