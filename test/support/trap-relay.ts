import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type RelayTrap = 'request-lost' | 'answer-lost' | null;

export interface TrapRelay {
  url: string;
  /** The next request (one per connection) is lost on the way in or on the way back; `then` runs at that moment. */
  trap(kind: Exclude<RelayTrap, null>, then: () => void): void;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of the service that can lose one request or its answer, and says exactly
 * when: the crash test kills the till at that moment, whatever the machine's speed.
 */
export async function startTrapRelay(targetPort: number): Promise<TrapRelay> {
  let armed: { kind: Exclude<RelayTrap, null>; then: () => void } | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const trap = armed;
    armed = null;
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    if (!trap) {
      client.pipe(upstream);
      upstream.pipe(client);
      return;
    }
    // Read the whole request (headers + Content-Length bytes) before deciding.
    let received = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(
        /content-length:\s*(\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'))?.[1],
      );
      if (received.length < headEnd + 4 + length) return;
      client.removeAllListeners('data');
      if (trap.kind === 'request-lost') return trap.then();
      upstream.write(received);
      // The service's answer arrives and goes no further: it has issued, the till will never know.
      upstream.once('data', () => trap.then());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    trap: (kind, then) => {
      armed = { kind, then };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
