// A second process on the same journal file, for the crash and multi-process tests.
//   allocate DB TILL N    prints N order numbers, one a line
//   timestamps DB N NOW   prints N reserved timestamps for company 12345678 at clock NOW
//   hang DB               begins a sale, prints its order number, then waits to be killed
//   prefixes DB TILL N    prints N allowance number prefixes, one a line
import { Journal } from '../../../src/main/journal/journal';
import { beginSale } from './fixtures';

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
} else if (command === 'hang') {
  process.stdout.write(beginSale(journal) + '\n');
  setInterval(() => {}, 1000);
}
