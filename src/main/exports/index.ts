/*
 * The exports room's door: what other capabilities may use of it (scripts/check-layers.mjs). The
 * head-office and reconciliation CSVs write their cells by the same rule as the till's exports, and
 * reconciliation reads a till's signed JSON export back, so it needs the format's name and version
 * and the signature check. The composition (src/main/app) builds the room itself from handlers.ts.
 */
export { CSV_BOM, csvCell } from './csv';
export { verifyExportSignature } from './export-signature';
export { JSON_EXPORT_FORMAT, JSON_EXPORT_VERSION } from './types';
// The catalog's export (issue 28): its .xlsx through the same sheet machinery, into a folder
// checked as the day's exports check theirs.
export { checkExportFolder } from './handlers';
export type { SheetColumn } from './sheets';
export { workbookOf } from './xlsx';
