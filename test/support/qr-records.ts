/**
 * Reads the proof's QR texts the way an invoice app that looks at ONE code would (MOF barcode
 * specification): the left code's 77 fixed characters, `:seller area:carried:total:encoding`,
 * then `:name:qty:price` records; the right code `**` and more records. Throws when a code does
 * not split into whole records (a name without its quantity and price).
 */
export interface QrRecord {
  name: string;
  quantity: number;
  unitPrice: number;
}

function records(text: string, where: string): QrRecord[] {
  if (text === '') return [];
  if (!text.startsWith(':')) throw new Error(`${where}: records do not start with ':': ${text}`);
  const fields = text.slice(1).split(':');
  if (fields.length % 3 !== 0) throw new Error(`${where}: a record is cut: ${text}`);
  const out: QrRecord[] = [];
  for (let i = 0; i < fields.length; i += 3) {
    const [name, quantity, unitPrice] = fields.slice(i, i + 3) as [string, string, string];
    if (name === '' || !/^\d+(\.\d+)?$/.test(quantity) || !/^\d+(\.\d+)?$/.test(unitPrice)) {
      throw new Error(`${where}: not name:quantity:price: ${name}:${quantity}:${unitPrice}`);
    }
    out.push({ name, quantity: Number(quantity), unitPrice: Number(unitPrice) });
  }
  return out;
}

export function parseLeftQr(left: string) {
  const head = /^:(.{10}):(\d+):(\d+):([012])/.exec(left.slice(77));
  if (left.length < 77 || !head) throw new Error(`not a left QR code: ${left}`);
  return {
    fixed: left.slice(0, 77),
    sellerArea: head[1]!,
    carried: Number(head[2]),
    total: Number(head[3]),
    encoding: head[4]!,
    records: records(left.slice(77 + head[0].length), 'left'),
  };
}

export function parseRightQr(right: string): QrRecord[] {
  if (!right.startsWith('**')) throw new Error(`the right QR code does not start with **: ${right}`);
  return records(right.slice(2), 'right');
}

/** Both codes, each parsed alone; the left's count must match the records the two carry. */
export function parseQrPair(left: string, right: string) {
  const pair = { left: parseLeftQr(left), right: parseRightQr(right) };
  if (pair.left.carried !== pair.left.records.length + pair.right.length) {
    throw new Error(
      `the left code says ${pair.left.carried} records, the codes carry ${pair.left.records.length} + ${pair.right.length}`,
    );
  }
  return pair;
}
