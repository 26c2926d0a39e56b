import net from "node:net";

/**
 * A TCP relay between the app and PostgreSQL that a test can take down and bring back: down, the
 * app's connections are cut and new ones refused, as when the database server restarts.
 */
export type TcpProxy = { port: number; down(): Promise<void>; up(): Promise<void>; close(): Promise<void> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const up = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  };
  const down = async () => {
    const closing = server ? new Promise((resolve) => server!.close(resolve)) : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    await closing;
    server = undefined;
  };
  await up();
  return { port, down, up, close: down };
}
