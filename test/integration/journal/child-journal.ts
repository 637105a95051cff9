// A second process on the same journal file, for the crash and multi-process tests.
//   allocate DB TILL N    prints N order numbers, one a line
//   timestamps DB N NOW   prints N reserved timestamps for company 12345678 at clock NOW
//   hang DB               begins a sale, prints its order number, then waits to be killed
//   prefixes DB TILL N    prints N allowance number prefixes, one a line
//   offline DB N STOP     issues N sales offline (invoice mode, one commit each, its proof
//                         printed), printing `ORDER INVOICE RANDOM` per sale; the last one stops
//                         at STOP: `before-commit` (inside its write: prints `hang`) or
//                         `after-commit` (prints `hang ORDER INVOICE RANDOM`, before printing),
//                         then waits to be killed; `none` ends normally
import { Journal } from '../../../src/main/journal/journal';
import { beginSale, NOON_TAIPEI, sale } from './fixtures';

/** Blocks this process for good (inside a write transaction, too): only a kill ends it. */
const hangHere = (): never => {
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
};

const [command, db, a, b] = process.argv.slice(2) as [string, string, string?, string?];
const journal = Journal.open(db);
if (command === 'allocate') {
  for (let i = 0; i < Number(b); i++)
    process.stdout.write(journal.nextOrderNo(a!, new Date('2026-11-22T03:00:00Z')) + '\n');
  journal.close();
} else if (command === 'timestamps') {
  for (let i = 0; i < Number(a); i++)
    process.stdout.write(journal.reserveTimestamp('12345678', Number(b)) + '\n');
  journal.close();
} else if (command === 'prefixes') {
  for (let i = 0; i < Number(b); i++) process.stdout.write(journal.nextAllowancePrefix(a!) + '\n');
  journal.close();
} else if (command === 'offline') {
  const stop = b as 'before-commit' | 'after-commit' | 'none';
  journal.recoverInFlight();
  if (journal.invoiceModeSegments({ companyId: '12345678', training: false }).length === 0) {
    journal.addInvoiceModeSegment({
      companyId: '12345678',
      tillId: 'T01',
      training: false,
      useFor: 'OFF01',
      word: 'QQ',
      periodCode: '11512',
      start: 100,
      end: 999,
    });
  }
  const count = Number(a);
  for (let i = 0; i < count; i++) {
    const last = i === count - 1;
    const orderNo = journal.nextOrderNo('T01', NOON_TAIPEI);
    // Offline mode: nothing is sent, so the sale and its number are one commit (never in flight).
    const issued = journal.batch(() => {
      journal.begin(sale(orderNo));
      return journal.issueOffline({
        orderNo,
        proof: (tx) => {
          if (last && stop === 'before-commit') {
            process.stdout.write('hang\n');
            hangHere();
          }
          return JSON.stringify({ invoice: tx.invoiceNumber, source: 'till' });
        },
      });
    });
    const line = `${orderNo} ${issued.invoice.invoiceNumber} ${issued.invoice.randomNumber}`;
    if (last && stop === 'after-commit') {
      process.stdout.write(`hang ${line}\n`);
      hangHere();
    }
    journal.recordPrintAttempt(issued.printJob!.id, { ok: true });
    process.stdout.write(line + '\n');
  }
  journal.close();
} else if (command === 'hang') {
  process.stdout.write(beginSale(journal) + '\n');
  setInterval(() => {}, 1000);
}
