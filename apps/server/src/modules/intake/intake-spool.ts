import fs from 'node:fs';
import path from 'node:path';
import { prepareDataDir } from '../../db/data-dir';

/** Spool files are readable and writable by the server's user alone. */
export const SPOOL_FILE_MODE = 0o600;

/** One intake_events row as the writer inserts it (and as the spool keeps it, one JSON line each). */
export interface TIntakeRow {
  ns: number | null;
  event: string;
  key: string;
  body: unknown;
}

/** 64 MiB: about 250,000 envelopes of ~250 bytes, hours of uplinks of a large installation. */
export const INTAKE_SPOOL_MAX_BYTES = 64 * 1024 * 1024;

export class IntakeSpoolFullError extends Error {}

interface TSpoolLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The intake's local append-only spool (docs/telemetry.md, "While the database is unreachable"):
 * rows the writer could not commit because PostgreSQL could not be reached are appended to
 * `intake-spool.ndjson` in DATA_DIR and fsynced before the request is answered. `replay` moves
 * that file aside (`intake-spool.replaying.ndjson`, so appends go on into a fresh file meanwhile)
 * and inserts its rows in order; a crash during a replay leaves the file, which is replayed again
 * at the next start (the dedupe key makes a second insert of a row a no-op).
 */
export class IntakeSpool {
  readonly file: string;
  private readonly replaying: string;
  private fullLogged = false;

  constructor(
    dir: string,
    private readonly log: TSpoolLog,
    private readonly maxBytes = INTAKE_SPOOL_MAX_BYTES,
  ) {
    const folder = prepareDataDir(dir);
    this.file = path.join(folder, 'intake-spool.ndjson');
    this.replaying = path.join(folder, 'intake-spool.replaying.ndjson');
  }

  /** Rows wait in the spool (new rows must queue behind them to keep the order). */
  hasPending(): boolean {
    return fs.existsSync(this.replaying) || fs.existsSync(this.file);
  }

  /** Appends the rows and fsyncs them; throws IntakeSpoolFullError when they would pass the bound. */
  append(rows: TIntakeRow[]): void {
    const text = rows.map((row) => `${JSON.stringify(row)}\n`).join('');
    const bytes = Buffer.byteLength(text);
    if (this.size() + bytes > this.maxBytes) {
      if (!this.fullLogged) {
        this.fullLogged = true;
        this.log.error({ spool: this.file, maxBytes: this.maxBytes }, 'intake spool full: the database is unreachable and uplinks are refused (503) until it is back');
      }
      throw new IntakeSpoolFullError('intake spool full');
    }
    try {
      const created = !fs.existsSync(this.file);
      // 0600: the spool holds the network servers' events as they sent them; only the server's own user reads it.
      const fd = fs.openSync(this.file, 'a', SPOOL_FILE_MODE);
      try {
        if (created) fs.fchmodSync(fd, SPOOL_FILE_MODE); // the mode of openSync is reduced by the umask
        fs.writeSync(fd, text);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      if (created) this.syncFolder();
    } catch (error) {
      // A full disk, a removed folder ...: the request gets a 503, and the cause is logged.
      this.log.error({ err: error, spool: this.file }, 'intake spool: cannot append; uplinks are refused (503) until the database is back');
      throw error;
    }
  }

  /**
   * Inserts the spooled rows in order, in chunks, through `insert`; answers how many rows were
   * replayed. A failure (the database still unreachable) leaves the rest for the next call.
   */
  async replay(insert: (rows: TIntakeRow[]) => Promise<void>, chunk = 500): Promise<number> {
    if (!fs.existsSync(this.replaying)) {
      if (!fs.existsSync(this.file)) return 0;
      fs.renameSync(this.file, this.replaying);
      this.syncFolder();
    }
    const rows = parseLines(fs.readFileSync(this.replaying, 'utf8'));
    for (let start = 0; start < rows.length; start += chunk) await insert(rows.slice(start, start + chunk));
    fs.rmSync(this.replaying);
    this.syncFolder();
    this.fullLogged = false;
    this.log.warn({ rows: rows.length }, 'intake spool replayed into the database');
    return rows.length;
  }

  /** Below its bound: an append of a small batch would be taken. */
  hasRoom(): boolean {
    return this.size() < this.maxBytes;
  }

  /** Bytes waiting (both files). */
  size(): number {
    let total = 0;
    for (const file of [this.file, this.replaying]) {
      try {
        total += fs.statSync(file).size;
      } catch {
        // Not there: nothing spooled in it.
      }
    }
    return total;
  }

  /** A new or renamed file survives a crash only once its folder entry is on disk too. */
  private syncFolder(): void {
    const fd = fs.openSync(path.dirname(this.file), 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }
}

/** The spooled rows; a torn last line (a crash during its append, never answered) is left out. */
function parseLines(text: string): TIntakeRow[] {
  const rows: TIntakeRow[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      rows.push(JSON.parse(line) as TIntakeRow);
    } catch {
      // Only the last line can be torn, and its request was not answered.
    }
  }
  return rows;
}
