import iconv from 'iconv-lite';
import QRCode from 'qrcode';
import type { PrintData } from '../provider/pos-profile';

/**
 * What the simulated print agent of cloud print (provider profile §8) sends its printer: the
 * proof of `PrintData` as EPSON ESC/POS bytes. The till's own renderer (src/main/printing) is in a
 * room above the training service (scripts/check-layers.mjs), so the provider's side has this
 * small one of its own, as a real provider's agent would: Big5 text lines, the Code 39 barcode by
 * the printer's GS k, and the two QR codes side by side as one raster image (GS v 0), each with
 * its quiet zone, so that a phone (and the tests' decoder) reads them back.
 */

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;

/** 80 mm paper: 576 dots across, 48 columns of 12-dot half-width characters. */
const AREA_DOTS = 576;
const COLUMNS = 48;
/** Module size and quiet zone of the QR pair, in dots (at 203 dpi: 3 dots ≈ 0.375 mm). */
const MODULE_DOTS = 3;
const QUIET_DOTS = 16;

export const REPRINT_MARK = '補印';

function line(text: string): Buffer {
  // CP950 (Big5) in multi-byte mode; a character Big5 lacks prints as '?', never as a command.
  return Buffer.concat([iconv.encode(text.replace(/\p{Cc}/gu, ' '), 'cp950'), Buffer.from([LF])]);
}

/** The two QR codes as one image: same version, side by side, tops aligned. */
function qrPair(left: string, right: string): Buffer {
  const version = Math.max(
    6,
    QRCode.create(left, { errorCorrectionLevel: 'L' }).version,
    QRCode.create(right, { errorCorrectionLevel: 'L' }).version,
  );
  const codes = [left, right].map((text) => QRCode.create(text, { version, errorCorrectionLevel: 'L' }));
  const modules = codes[0]!.modules.size;
  const cell = modules * MODULE_DOTS + 2 * QUIET_DOTS;
  if (2 * cell > AREA_DOTS) throw new Error(`QR codes of version ${version} do not fit side by side`);
  const margin = Math.floor((AREA_DOTS - 2 * cell) / 2);
  const bytesPerRow = AREA_DOTS / 8;
  const height = cell;
  const data = Buffer.alloc(bytesPerRow * height);
  codes.forEach((code, index) => {
    const left0 = margin + index * cell + QUIET_DOTS;
    for (let row = 0; row < modules; row++) {
      for (let col = 0; col < modules; col++) {
        if (!code.modules.get(row, col)) continue;
        for (let dy = 0; dy < MODULE_DOTS; dy++) {
          const y = QUIET_DOTS + row * MODULE_DOTS + dy;
          for (let dx = 0; dx < MODULE_DOTS; dx++) {
            const x = left0 + col * MODULE_DOTS + dx;
            data[y * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
          }
        }
      }
    }
  });
  return Buffer.concat([
    Buffer.from([GS, 0x76, 0x30, 0x00, bytesPerRow & 0xff, bytesPerRow >> 8, height & 0xff, height >> 8]),
    data,
  ]);
}

const money = (value: number) => `$${value.toLocaleString('en-US')}`;
const spread = (left: string, right: string) => {
  const width = (text: string) => iconv.encode(text, 'cp950').length;
  return left + ' '.repeat(Math.max(1, COLUMNS - width(left) - width(right))) + right;
};

/** The proof as the agent prints it; `reprint` marks it 補印 (a reprint through `/Update/RePrint`). */
export function renderCloudProof(data: PrintData, options: { reprint: boolean }): Buffer {
  const number = `${data.InvoiceNumber.slice(0, 2)}-${data.InvoiceNumber.slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from([ESC, 0x40]), // ESC @
    Buffer.from([FS, 0x26]), // FS &: Big5
    Buffer.from([ESC, 0x61, 0x01]), // centred
    line(data.SellerName),
    line(options.reprint ? `電子發票證明聯 ${REPRINT_MARK}` : '電子發票證明聯'),
    line(data.PeriodText),
    line(number),
    Buffer.from([ESC, 0x61, 0x00]),
    line(data.InvoiceDateTime.replace('T', ' ') + (data.FormatCode ? `  格式 ${data.FormatCode}` : '')),
    line(spread(`隨機碼 ${data.RandomNumber}`, `總計 ${money(data.TotalAmount)}`)),
    line(spread(`賣方 ${data.SellerID}`, data.BuyerID ? `買方 ${data.BuyerID}` : '')),
    Buffer.from([ESC, 0x61, 0x01]),
    // GS w 1, GS h 48, GS k 69 n: Code 39 (function B, length-prefixed), no readable text under it.
    Buffer.from([GS, 0x77, 0x01, GS, 0x68, 48, GS, 0x48, 0x00]),
    Buffer.from([GS, 0x6b, 69, data.Barcode.length]),
    Buffer.from(data.Barcode, 'latin1'),
    Buffer.from([LF]),
    qrPair(data.QRCodeLeft, data.QRCodeRight),
    Buffer.from([ESC, 0x61, 0x00]),
  ];
  for (const detail of data.Details) {
    parts.push(line(spread(`${detail.ProductName} x${detail.Quantity}`, money(detail.SubTotal))));
  }
  if (data.Remark) parts.push(line(data.Remark));
  parts.push(Buffer.from([ESC, 0x4a, 120]), Buffer.from([GS, 0x56, 66, 0])); // feed, partial cut
  return Buffer.concat(parts);
}
