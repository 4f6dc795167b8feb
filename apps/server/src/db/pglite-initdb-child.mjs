// Creates an embedded PostgreSQL cluster in the folder given as the only argument, then exits
// (pglite-cluster.ts runs this in a process of its own; see there why).
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(process.argv[2]);
await db.waitReady;
await db.close();
