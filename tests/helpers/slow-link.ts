import net from 'node:net';

export interface SlowLink {
  /** The link's own address: point the browser here instead of at the server. */
  url: string;
  /** Drops every connection in the middle of whatever it carries, as a lost signal does. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * A weak uplink between a browser and a server, on loopback: bytes from the browser to the server
 * trickle at `bytesPerSecond` (so an upload's chunk is really in flight for seconds, and a cut
 * leaves part of it on the server); answers come back at full speed. Chromium's own throttling
 * cannot stand in for it: it holds the answer back, not the bytes.
 */
export async function startSlowLink(target: string, bytesPerSecond: number): Promise<SlowLink> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const tickMs = 50;
  const perTick = Math.max(1, Math.floor((bytesPerSecond * tickMs) / 1000));

  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client);
    sockets.add(upstream);
    const queue: Buffer[] = [];
    const timer = setInterval(() => {
      let budget = perTick;
      while (budget > 0 && queue.length > 0) {
        const head = queue[0]!;
        const piece = head.subarray(0, budget);
        upstream.write(piece);
        budget -= piece.length;
        if (piece.length === head.length) queue.shift();
        else queue[0] = head.subarray(piece.length);
      }
      if (queue.length === 0 && client.isPaused()) client.resume();
    }, tickMs);
    client.on('data', (data: Buffer) => {
      queue.push(data);
      // Hold the browser back too, so that what it counts as sent is what the link carried.
      if (queue.reduce((n, b) => n + b.length, 0) > perTick * 4) client.pause();
    });
    upstream.pipe(client);
    const end = () => {
      clearInterval(timer);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${own}`,
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
