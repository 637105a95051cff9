/** The summary slip's print button; wired to the printing contract once it lands. */
export function SummaryPrint() {
  return null;
}
