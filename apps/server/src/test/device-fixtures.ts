import type { TDb } from '../db/database';
import { networkServers } from '../db/schema';

/** A network server straight in the database (the network-server routes have their own tests). */
export async function insertNetworkServer(db: TDb, name: string, kind: 'chirpstack' | 'tts' = 'chirpstack'): Promise<number> {
  const [row] = await db
    .insert(networkServers)
    .values({ name, kind, secret: `secret-of-${name}-${'x'.repeat(32)}`, config: { apiUrl: 'http://127.0.0.1:1', apiToken: 't' } })
    .returning({ id: networkServers.id });
  return row.id;
}
