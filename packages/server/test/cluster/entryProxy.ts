/**
 * The HTTP entry of the two-node test deployment: a small reverse proxy in front of the console
 * nodes — round-robin over the nodes that answer, failover to the next one when a node refuses the
 * connection, and WebSocket upgrades (`/api/live`) passed through as raw TCP. For the test only: a
 * production deployment puts HAProxy or nginx here (docs/operations.md "Two nodes"), which do the
 * same with health checks. No stickiness is needed: sessions live in the database, so any node
 * serves any request, and a live client that loses its node reconnects through the entry.
 */
import http from 'node:http';
import net from 'node:net';

/** How long a node that refused a connection is skipped before it is tried again. */
const DOWN_FOR_MS = 1000;

export interface Backend {
  /** A name for reports ("A", "B"). */
  name: string;
  host: string;
  port: number;
}

export interface EntryProxy {
  url: string;
  /** Which node each request or WebSocket went to, in order (the test reads the split). */
  readonly routed: { kind: 'http' | 'ws'; backend: string; at: number }[];
  close(): Promise<void>;
}

export async function startEntryProxy(backends: readonly Backend[]): Promise<EntryProxy> {
  const downUntil = new Map<string, number>();
  const routed: EntryProxy['routed'] = [];
  const sockets = new Set<net.Socket>();
  let next = 0;

  /** The nodes to try, in round-robin order, the ones recently down last. */
  const order = (): Backend[] => {
    const start = next++ % backends.length;
    const ring = backends.map((_, i) => backends[(start + i) % backends.length] as Backend);
    const now = Date.now();
    return [
      ...ring.filter((b) => (downUntil.get(b.name) ?? 0) <= now),
      ...ring.filter((b) => (downUntil.get(b.name) ?? 0) > now),
    ];
  };
  const markDown = (b: Backend) => downUntil.set(b.name, Date.now() + DOWN_FOR_MS);

  const server = http.createServer((req, res) => {
    // Requests of the API are small: buffered, so a refused connection can be retried elsewhere.
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tryNext = (candidates: Backend[]) => {
        const b = candidates[0];
        if (!b) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no console node answers');
          return;
        }
        const upstream = http.request(
          {
            host: b.host,
            port: b.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
          },
          (up) => {
            routed.push({ kind: 'http', backend: b.name, at: Date.now() });
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          // Nothing was sent back yet only when the node refused or dropped the connection early.
          if (!res.headersSent) {
            markDown(b);
            tryNext(candidates.slice(1));
          } else res.destroy(err);
        });
        upstream.end(body);
      };
      tryNext(order());
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const tryNext = (candidates: Backend[]) => {
      const b = candidates[0];
      if (!b) {
        client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
        return;
      }
      const up = net.connect(b.port, b.host);
      sockets.add(up);
      up.on('close', () => sockets.delete(up));
      let connected = false;
      up.once('connect', () => {
        connected = true;
        routed.push({ kind: 'ws', backend: b.name, at: Date.now() });
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        up.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) up.write(head);
        up.pipe(client);
        client.pipe(up);
      });
      up.on('error', () => {
        if (!connected) {
          markDown(b);
          tryNext(candidates.slice(1));
        } else client.destroy();
      });
      // The node went away (killed): the browser's socket closes too, and the browser reconnects.
      up.on('close', () => {
        if (connected) client.destroy();
      });
      client.on('close', () => up.destroy());
    };
    tryNext(order());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
