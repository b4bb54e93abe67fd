import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy on an ephemeral port in front of a real server, for cutting the network under a client
 * without touching the (shared) server: `cut()` resets every open connection and refuses new ones until `restore()`.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<Socket>();
  let up = true;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server: Server = createServer((client) => {
    track(client);
    if (!up) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    cut() {
      up = false;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore() {
      up = true;
    },
    async close() {
      this.cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
