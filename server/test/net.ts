import net from 'node:net';

/** A port nothing listens on (taken from the system, then released): a closed port, or one to start a server on. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A TCP server on 127.0.0.1 that accepts connections and never answers a byte (a database or a
 * Redis that hangs); `close` is handed to `onClose` (the test file's cleanups).
 */
export async function silentServer(onClose: (close: () => Promise<void>) => void): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onClose(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return (server.address() as net.AddressInfo).port;
}
