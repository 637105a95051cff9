/** The printer's test print and status; wired to printing.testPrint once that contract lands. */
export function PrinterTest() {
  return null;
}
