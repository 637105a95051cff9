import type { PrinterModel } from '../escpos/writer';
import { statusProtocol } from '../status';
import { VirtualPrinter } from '../virtual-printer';
import { DeviceTransport } from './device-transport';
import { parsePrinterUri } from './printer-uri';
import { QueueTransport, type QueueOptions } from './queue-transport';
import { TcpTransport } from './tcp-transport';
import { PrintFailure, type PrinterTransport } from './transport';

export interface TransportSettings {
  uri: string;
  model: PrinterModel;
  timeoutMs?: number;
  /** Status before and after each TCP job (default on; off for printers that never answer). */
  confirm?: boolean;
  queue?: QueueOptions;
}

/**
 * The transport for a printer setting. `virtual` is a VirtualPrinter on 127.0.0.1 started on
 * first use (training mode), reached over TCP like a real one so the same path is exercised.
 */
export class TransportFactory {
  private virtual: VirtualPrinter | null = null;

  async create(settings: TransportSettings): Promise<PrinterTransport> {
    const address = parsePrinterUri(settings.uri);
    if (!address)
      throw new PrintFailure('not-configured', `not a printer address: ${JSON.stringify(settings.uri)}`);
    const protocol = statusProtocol(settings.model);
    switch (address.kind) {
      case 'virtual': {
        if (this.virtual && this.virtual.model !== settings.model) await this.closeVirtual();
        this.virtual ??= await VirtualPrinter.start({ model: settings.model });
        return new TcpTransport({
          host: '127.0.0.1',
          port: this.virtual.port,
          protocol,
          timeoutMs: settings.timeoutMs,
        });
      }
      case 'tcp':
        return new TcpTransport({
          ...address,
          protocol,
          timeoutMs: settings.timeoutMs,
          confirm: settings.confirm,
        });
      case 'queue':
        return new QueueTransport(address.name, settings.queue);
      case 'device':
        return new DeviceTransport(address.path, settings.timeoutMs);
    }
  }

  /** The training printer, when one was started. */
  get virtualPrinter(): VirtualPrinter | null {
    return this.virtual;
  }

  async closeVirtual(): Promise<void> {
    await this.virtual?.close();
    this.virtual = null;
  }
}
