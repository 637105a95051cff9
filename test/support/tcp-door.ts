import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A TCP door in front of the service: `shut()` stops listening (connections refused), `open()` listens again on the same port. */
export async function startDoor(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1');
      sockets.add(client).add(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  };
  const shut = async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, open: listen, shut };
}
