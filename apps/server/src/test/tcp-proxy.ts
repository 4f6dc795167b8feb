import net from 'node:net';

export interface TTcpProxy {
  /** The local port the proxy listens on (127.0.0.1). */
  port: number;
  /** Ends every forwarded connection and refuses new ones until `restore`: an outage. */
  cut(): void;
  /** Forwards new connections again. */
  restore(): void;
  /**
   * The forwarded connections stay open but carry nothing more, either way: a connection cut
   * without a reset (a NAT's idle timeout, a failover). New connections are forwarded.
   */
  freeze(): void;
  /**
   * A hung database (a partition, a stuck failover): the forwarded connections are frozen and new
   * ones are accepted but carry nothing, until `restore` (which ends those held).
   */
  hang(): void;
  close(): Promise<void>;
}

/**
 * A TCP forwarder owned by a test, between the server and PostgreSQL, so that a test can take
 * the database away (`cut`) and give it back (`restore`) without touching the real server.
 * While cut, a new connection is accepted and closed at once, which the driver sees as
 * "Connection terminated unexpectedly", as when a database server goes down.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TTcpProxy> {
  const live = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let isCut = false;
  let isHung = false;
  const held = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    if (isHung) {
      held.add(client);
      client.on('error', () => client.destroy()).on('close', () => held.delete(client));
      client.pause();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    live.add(client);
    live.add(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
      live.delete(client);
      live.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const freeze = () => {
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    pairs.clear();
  };
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of live) socket.destroy();
      live.clear();
    },
    restore() {
      isCut = false;
      isHung = false;
      for (const socket of held) socket.destroy();
      held.clear();
    },
    hang() {
      isHung = true;
      freeze();
    },
    freeze,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...live, ...held]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TTcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}

/** A proxy in front of the database at `url` and the `url` that goes through it. */
export async function proxyInFrontOf(url: string): Promise<{ proxy: TTcpProxy; url: string }> {
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  return { proxy, url: throughProxy(url, proxy) };
}
