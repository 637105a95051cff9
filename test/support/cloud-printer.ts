import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A printer on TCP for cloud print's simulated agent (training-service/cloud-print.ts): it keeps
 * the bytes of each connection (one job each), so a test decodes exactly what came out of it.
 */
export interface TcpPrinter {
  address: string;
  port: number;
  /** The bytes of each finished connection, in order. */
  jobs(): Buffer[];
  close(): Promise<void>;
}

export async function startTcpPrinter(): Promise<TcpPrinter> {
  const received: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The bytes count once the agent has finished sending: before its own 'close' settles the job.
    socket.on('end', () => {
      received.push(Buffer.concat(chunks));
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    jobs: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
