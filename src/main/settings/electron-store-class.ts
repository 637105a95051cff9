import ElectronStore from 'electron-store';

/**
 * electron-store is ESM-only and the main bundle is CommonJS: Electron's Node loads it through
 * require(esm). Depending on the interop, the default import is the class or a namespace holding
 * it; either way this is the class.
 */
export const ElectronStoreClass: typeof ElectronStore =
  typeof ElectronStore === 'function'
    ? ElectronStore
    : (ElectronStore as unknown as { default: typeof ElectronStore }).default;
