import { stat } from 'node:fs/promises';
import type { Bilingual } from '../../../shared/domain/i18n';

/**
 * The printer setting (`settings.printer.uri`): `virtual` (training mode's preview printer),
 * `tcp://host[:port]` (port 9100 by default), `queue:NAME` (an operating-system print queue,
 * sent raw), or a device: an absolute path to a character device (`/dev/usb/lp0`,
 * `/dev/ttyUSB0`), and on Windows a port name (`COM3`, `LPT1`, `\\.\COM3`).
 *
 * Anything else is refused rather than guessed at: a bare word such as `lpt1` used to be taken
 * as a file name in the working folder, so a test page went into a file and counted as printed.
 */
export type PrinterAddress =
  | { kind: 'virtual' }
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'queue'; name: string }
  | { kind: 'device'; path: string };

/** `COM3`, `LPT1`, `\\.\COM12`: Windows opens these as ports, never as files. */
const WINDOWS_PORT = /^(?:\\\\\.\\)?((?:COM|LPT)[1-9]\d{0,2})$/i;

export function parsePrinterUri(
  uri: string,
  platform: NodeJS.Platform = process.platform,
): PrinterAddress | null {
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
  if (platform === 'win32') {
    // Always the device namespace, so that no folder's file of the same name is opened.
    const port = WINDOWS_PORT.exec(text);
    return port ? { kind: 'device', path: `\\\\.\\${port[1]!.toUpperCase()}` } : null;
  }
  // An absolute path; whether it is a character device is checked on the disk (checkPrinterUri).
  if (/^\/[^\0]*[^/]$/.test(text)) return { kind: 'device', path: text };
  return null;
}

const FORMS: Bilingual = {
  zh: '可用的印表機位置：virtual、tcp://主機:9100、queue:佇列名稱，或裝置路徑（例如 /dev/usb/lp0、/dev/ttyUSB0；Windows 為 COM3、LPT1）。',
  en: 'A printer is virtual, tcp://host:9100, queue:NAME, or a device path (e.g. /dev/usb/lp0, /dev/ttyUSB0; on Windows COM3, LPT1).',
};

const refusal = (zh: string, en: string): Bilingual => ({ zh: `${zh}${FORMS.zh}`, en: `${en} ${FORMS.en}` });

export type PrinterUriCheck = { ok: true; address: PrinterAddress } | { ok: false; message: Bilingual };

/**
 * What the settings screen may save as the printer: the address must parse, and a device path
 * must be an existing character device now (a regular file or a folder is refused: writing
 * there is not printing). Windows port names are taken by their form: Node cannot stat them.
 */
export async function checkPrinterUri(
  uri: string,
  options: { platform?: NodeJS.Platform } = {},
): Promise<PrinterUriCheck> {
  const platform = options.platform ?? process.platform;
  const address = parsePrinterUri(uri, platform);
  const shown = JSON.stringify(uri.trim());
  if (!address) {
    return {
      ok: false,
      message: refusal(
        `印表機位置 ${shown} 無法辨識，設定未變更。`,
        `${shown} is not a printer address: nothing was changed.`,
      ),
    };
  }
  if (address.kind !== 'device' || platform === 'win32') return { ok: true, address };
  let kind: 'char' | 'other';
  try {
    kind = (await stat(address.path)).isCharacterDevice() ? 'char' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return {
      ok: false,
      message: refusal(
        `找不到裝置 ${address.path}（${code}）：請確認印表機已接上並開機，設定未變更。`,
        `No device ${address.path} (${code}): is the printer plugged in and on? Nothing was changed.`,
      ),
    };
  }
  if (kind === 'other') {
    return {
      ok: false,
      message: refusal(
        `${address.path} 不是印表機裝置（是一般檔案或資料夾），設定未變更。`,
        `${address.path} is not a printer device (it is a file or a folder): nothing was changed.`,
      ),
    };
  }
  return { ok: true, address };
}
