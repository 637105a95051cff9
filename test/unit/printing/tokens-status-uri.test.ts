import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/main/printing/escpos/tokens';
import { epsonStatusProtocol, starAnswerLength, starStatusProtocol } from '../../../src/main/printing/status';
import { parsePrinterUri } from '../../../src/main/printing/transports/printer-uri';
import { failureCodeOf } from '../../../src/main/printing/transports/transport';

describe('ESC/POS tokenizer', () => {
  it('does not take image data for a status request', () => {
    // GS v 0, 2 bytes × 2 rows, whose data holds DLE EOT 1.
    const bytes = Buffer.from([0x1d, 0x76, 0x30, 0, 2, 0, 2, 0, 0x10, 0x04, 0x01, 0xff, 0x10, 0x04, 0x01]);
    const { tokens } = tokenize(bytes, 'epson');
    expect(tokens.map((t) => t.type)).toEqual(['raster', 'status-query']);
  });

  it('leaves a command cut off at the end for the next chunk', () => {
    const bytes = Buffer.from([0x41, 0x0a, 0x1d, 0x76, 0x30, 0, 2, 0, 2, 0, 0xff]);
    const first = tokenize(bytes, 'epson');
    expect(first.consumed).toBe(2);
    expect(first.tokens.map((t) => t.type)).toEqual(['text', 'lf']);
  });

  it('keeps Big5 pairs together in multi-byte mode', () => {
    const { tokens } = tokenize(Buffer.from([0x1c, 0x26, 0xa9, 0x71, 0x0a]), 'epson');
    expect(tokens[1]).toEqual({ type: 'text', bytes: Buffer.from([0xa9, 0x71]) });
  });
});

describe('status answers', () => {
  it('reads EPSON DLE EOT bytes', () => {
    expect(epsonStatusProtocol.parseQuery(Buffer.from([0x12, 0x12, 0x12])).state).toBe('online');
    expect(epsonStatusProtocol.parseQuery(Buffer.from([0x1a, 0x16, 0x12])).state).toBe('cover-open');
    expect(epsonStatusProtocol.parseQuery(Buffer.from([0x1a, 0x32, 0x72])).state).toBe('paper-out');
    expect(epsonStatusProtocol.parseQuery(Buffer.from([0x12, 0x12, 0x1e])).paperNearEnd).toBe(true);
    expect(epsonStatusProtocol.parseConfirm(Buffer.from([0x0c])).state).toBe('paper-out');
  });

  it('reads Star ASB bytes and their length', () => {
    expect(starAnswerLength(Buffer.from([0x23]))).toBe(9);
    expect(starAnswerLength(Buffer.from([0x0f]))).toBe(7);
    expect(starStatusProtocol.parseQuery(Buffer.from([0x23, 0x86, 0x28, 0, 0, 0, 0, 0, 0])).state).toBe(
      'cover-open',
    );
    expect(starStatusProtocol.parseQuery(Buffer.from([0x23, 0x86, 0x08, 0, 0, 0x0c, 0, 0, 0])).state).toBe(
      'paper-out',
    );
  });
});

describe('printer addresses', () => {
  it('parses every kind and refuses the rest', () => {
    expect(parsePrinterUri('tcp://192.0.2.7')).toEqual({ kind: 'tcp', host: '192.0.2.7', port: 9100 });
    expect(parsePrinterUri('tcp://printer.local:9101')).toEqual({
      kind: 'tcp',
      host: 'printer.local',
      port: 9101,
    });
    expect(parsePrinterUri('queue:EPSON_TM_T82')).toEqual({ kind: 'queue', name: 'EPSON_TM_T82' });
    expect(parsePrinterUri('/dev/usb/lp0')).toEqual({ kind: 'device', path: '/dev/usb/lp0' });
    expect(parsePrinterUri('/dev/ttyUSB0', 'linux')).toEqual({ kind: 'device', path: '/dev/ttyUSB0' });
    // Windows port names only on Windows, and always in the device namespace (never a file).
    expect(parsePrinterUri('COM3', 'win32')).toEqual({ kind: 'device', path: '\\\\.\\COM3' });
    expect(parsePrinterUri('lpt1', 'win32')).toEqual({ kind: 'device', path: '\\\\.\\LPT1' });
    expect(parsePrinterUri('\\\\.\\COM12', 'win32')).toEqual({ kind: 'device', path: '\\\\.\\COM12' });
    expect(parsePrinterUri('C:\\temp\\printer.bin', 'win32')).toBeNull();
    expect(parsePrinterUri('/dev/usb/lp0', 'win32')).toBeNull();
    // A bare word or a relative path is a file in the working folder, never a printer.
    for (const word of ['lpt1', 'LPT1', 'COM3', 'lp0', 'dev/usb/lp0', './lp0', 'printer.bin', '/dev/usb/']) {
      expect(parsePrinterUri(word, 'linux'), word).toBeNull();
    }
    expect(parsePrinterUri('virtual')).toEqual({ kind: 'virtual' });
    expect(parsePrinterUri('http://x')).toBeNull();
    expect(parsePrinterUri('tcp://host:99999')).toBeNull();
    expect(parsePrinterUri('queue:bad name')).toBeNull();
  });

  it('reads the failure code back from a stored reason', () => {
    expect(failureCodeOf('paper-out: paper roll end (before the job)')).toBe('paper-out');
    expect(failureCodeOf('something else')).toBeNull();
  });
});
