import { networkServers } from '../../db/schema';
import type { TDb } from '../../db/database';
import { isDatabaseUnreachable } from '../../db/db-errors';

export interface TKnownNetworkServer {
  id: number;
  kind: string;
}

/** How long a loaded list is trusted; a changed or deleted secret stops working within this time. */
const FRESH_MS = 2_000;
/** An unknown secret reloads the list at most this often, so a flood of bad secrets stays cheap. */
const MISS_RELOAD_MS = 1_000;

/**
 * The integration secrets of all network servers, kept in memory so that the request path of an
 * uplink needs no database read besides the INSERT of the event itself.
 */
export class NetworkServerCache {
  private bySecret = new Map<string, TKnownNetworkServer>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private everLoaded = false;

  constructor(
    private readonly db: TDb,
    private readonly now: () => number = Date.now,
    /** PostgreSQL is hung (db/hang-watch.ts): the last list holds without asking. */
    private readonly stalled: () => boolean = () => false,
  ) {}

  /** The network server presenting this secret, or null. */
  async lookup(secret: string): Promise<TKnownNetworkServer | null> {
    const age = this.now() - this.loadedAt;
    const stale = age > FRESH_MS || (!this.bySecret.has(secret) && age > MISS_RELOAD_MS);
    if (stale && !(this.everLoaded && this.stalled())) {
      try {
        await this.reload();
      } catch (error) {
        // While the database cannot be reached the last list holds, so uplinks go on into the
        // intake spool (docs/telemetry.md); nobody can change a secret meanwhile anyway.
        if (!this.everLoaded || !isDatabaseUnreachable(error)) throw error;
      }
    }
    return this.bySecret.get(secret) ?? null;
  }

  /** Forget the list (after a change made in this process). */
  invalidate(): void {
    this.loadedAt = 0;
  }

  private reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.db.select({ id: networkServers.id, kind: networkServers.kind, secret: networkServers.secret }).from(networkServers);
        this.bySecret = new Map(rows.filter((row) => row.secret).map((row) => [row.secret, { id: row.id, kind: row.kind }]));
        this.loadedAt = this.now();
        this.everLoaded = true;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}

/** The token of an `Authorization: Bearer <secret>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}
