/**
 * The printer setting (`settings.printer.uri`): `virtual` (training mode's preview printer),
 * `tcp://host[:port]` (port 9100 by default), `queue:NAME` (an operating-system print queue,
 * sent raw), or a device path (`/dev/usb/lp0`, `/dev/ttyUSB0`, `COM3`, `\\.\COM3`).
 */
export type PrinterAddress =
  | { kind: 'virtual' }
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'queue'; name: string }
  | { kind: 'device'; path: string };

export function parsePrinterUri(uri: string): PrinterAddress | null {
  const text = uri.trim();
  if (text === 'virtual') return { kind: 'virtual' };
  const tcp = /^tcp:\/\/(\[[0-9a-f:]+\]|[^/:\s]+)(?::(\d{1,5}))?\/?$/i.exec(text);
  if (tcp) {
    const port = tcp[2] ? Number(tcp[2]) : 9100;
    if (port < 1 || port > 65535) return null;
    return { kind: 'tcp', host: tcp[1]!.replace(/^\[|\]$/g, ''), port };
  }
  const queue = /^queue:([A-Za-z0-9_.@-]{1,127})$/.exec(text);
  if (queue) return { kind: 'queue', name: queue[1]! };
  if (/^(\/|[A-Za-z]:\\|\\\\\.\\|COM\d+$|LPT\d$)/i.test(text)) return { kind: 'device', path: text };
  return null;
}
