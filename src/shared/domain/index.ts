// The shared domain rules: pure code both processes use (no Node, no DOM, no Electron).
export * from './i18n';
export * from './clock';
export * from './money';
export * from './period';
export * from './tax';
export * from './validators';
export * from './plain-text';
export * from './einvoice-codes';
export * from './display-width';
export * from './glossary';
export * from './scale-barcode';
export * from './drawer';
export * from './sales-figures';
export * from './invoice-status';
export * from './service-words';
export * from './love-codes';
export * from './invoice-mode';
