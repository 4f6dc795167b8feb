import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create, as PGlite must load them when it opens a
 * database (every `new PGlite`): pg_trgm for the node search (0010_node_search.sql).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
