import { idbRecords, type TRecordStore } from './idb-store';

/**
 * Server answers kept on the device so that a page opens without a connection (docs/outlets.md,
 * "Opening an outlet without a connection"). The companion of the offline queue: the queue keeps
 * what the user made, this keeps what the user read. The rules:
 *
 * - **Per user**: every record carries its `owner` (the signed-in user's e-mail, as the queue's
 *   entries). Reads look only at the owner's records; a write by one user removes every other
 *   user's records, so a shared phone holds one user's answers at a time.
 * - **In groups** (for outlets: a location): a group holds its own answer (`data`, the location's
 *   check plans) and its items' answers (the outlets), each with the time it was kept.
 * - **Bounded**: at most `maxGroups` groups per owner, the least recently kept dropped first, and
 *   every answer older than `maxAgeMs` is neither shown nor kept (removed when met).
 * - **Forgotten at sign-out**: `clear()` (lib/session/session.ts, and the session's end).
 * - **Who is signed in**, for opening offline when the server cannot say: the user's own answer
 *   (`keepSession`), bound to a hash of the session's token. Found only while that token is the
 *   device's (`findSession`): another sign-in, or none, finds nothing.
 *
 * One small index record per owner names its groups, their time and their items' ids: a look-up
 * reads the index and one group, never the whole store.
 */

export interface TKept<V> {
  value: V;
  /** When it was kept (ISO): the page says how old it is. */
  keptAt: string;
}

interface TGroupRecord<G, I> {
  id: string;
  owner: string;
  group: string;
  data: TKept<G> | null;
  items: Record<string, TKept<I>>;
}

interface TIndexRecord {
  id: string;
  owner: string;
  /** Most recently kept first. */
  groups: { group: string; keptAt: string; items: string[] }[];
}

interface TSessionRecord<S> {
  id: string;
  owner: string;
  tokenHash: string;
  user: TKept<S>;
}

type TRecord<G, I, S> = TGroupRecord<G, I> | TIndexRecord | TSessionRecord<S>;

export interface TKeptAnswersOptions<G, I, S> {
  store?: TRecordStore<TRecord<G, I, S>>;
  /** How many groups one owner keeps. */
  maxGroups: number;
  /** How long an answer is kept and shown. */
  maxAgeMs: number;
  now?: () => Date;
}

/** What a look-up of an item finds: the item's answer and its group's. */
export interface TKeptItem<G, I> {
  group: string;
  item: TKept<I>;
  data: TKept<G> | null;
}

const SEP = '\u001f';
const indexId = (owner: string) => `index${SEP}${owner}`;
const groupId = (owner: string, group: string) => `group${SEP}${owner}${SEP}${group}`;
const sessionId = (owner: string) => `session${SEP}${owner}`;
const ownerOfId = (id: string) => id.split(SEP)[1];

/** Every cache made, for the sign-out to clear (its store may be memory, without IndexedDB). */
const made = new Set<{ clear(): Promise<void> }>();

/**
 * The sign-out and the session's end: everything kept, of every user, leaves the device (a shared
 * phone). The offline queue's entries stay: they are the user's work, sent at their next sign-in.
 */
export async function forgetKeptAnswers(): Promise<void> {
  await Promise.all([idbRecords('kept').clear(), ...[...made].map((cache) => cache.clear())]);
}

export class KeptAnswers<G, I, S = unknown> {
  private readonly store: TRecordStore<TRecord<G, I, S>>;
  private readonly now: () => Date;
  /** Writes one after another: each reads the index the previous one wrote. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: TKeptAnswersOptions<G, I, S>) {
    this.store = options.store ?? idbRecords<TRecord<G, I, S>>('kept');
    this.now = options.now ?? (() => new Date());
    made.add(this);
  }

  /**
   * Keeps a group's answers: its own (`data`, when given) and items (added to or replacing those
   * kept, by `replaceItems`: a full list read again drops the items no longer in it).
   */
  keep(owner: string, group: string, answers: { data?: G; items?: Record<string, I>; replaceItems?: boolean }): Promise<void> {
    return this.serially(async () => {
      const keptAt = this.now().toISOString();
      const record = (await this.store.get(groupId(owner, group))) as TGroupRecord<G, I> | undefined;
      const items = answers.replaceItems || !record ? {} : this.fresh(record.items);
      for (const [key, value] of Object.entries(answers.items ?? {})) items[key] = { value, keptAt };
      const data = answers.data !== undefined ? { value: answers.data, keptAt } : record?.data && this.isFresh(record.data) ? record.data : null;
      await this.store.put({ id: groupId(owner, group), owner, group, data, items });
      const index = await this.index(owner);
      const groups = [{ group, keptAt, items: Object.keys(items) }, ...index.groups.filter((entry) => entry.group !== group)];
      const dropped = groups.slice(this.options.maxGroups).concat(groups.filter((entry) => !this.isFresh(entry)));
      const kept = groups.filter((entry) => !dropped.includes(entry));
      for (const entry of dropped) await this.store.remove(groupId(owner, entry.group));
      await this.store.put({ id: indexId(owner), owner, groups: kept });
      await this.removeOtherOwners(owner);
    });
  }

  /** An item's answer as kept for `owner`, with its group's; null when none is kept or it is too old. */
  async find(owner: string, item: string): Promise<TKeptItem<G, I> | null> {
    await this.writing.catch(() => undefined);
    const index = await this.index(owner);
    const entry = index.groups.find((candidate) => candidate.items.includes(item));
    if (!entry) return null;
    const record = (await this.store.get(groupId(owner, entry.group))) as TGroupRecord<G, I> | undefined;
    const kept = record?.items[item];
    if (!record || !kept || !this.isFresh(kept)) return null;
    return { group: record.group, item: kept, data: record.data && this.isFresh(record.data) ? record.data : null };
  }

  /** A group's own answer as kept for `owner`, null when none or too old. */
  async findData(owner: string, group: string): Promise<TKept<G> | null> {
    await this.writing.catch(() => undefined);
    const record = (await this.store.get(groupId(owner, group))) as TGroupRecord<G, I> | undefined;
    return record?.owner === owner && record.data && this.isFresh(record.data) ? record.data : null;
  }

  /** Keeps the signed-in user's own answer, bound to the session (a hash of its token). */
  keepSession(owner: string, tokenHash: string, user: S): Promise<void> {
    return this.serially(async () => {
      await this.store.put({ id: sessionId(owner), owner, tokenHash, user: { value: user, keptAt: this.now().toISOString() } });
      await this.removeOtherOwners(owner);
    });
  }

  /** The user kept for this session (the hash of the device's token), null when another session or none was kept, or it is too old. */
  async findSession(tokenHash: string): Promise<TKept<S> & { owner: string } | null> {
    await this.writing.catch(() => undefined);
    for (const id of await this.store.keys()) {
      if (!id.startsWith(`session${SEP}`)) continue;
      const record = (await this.store.get(id)) as TSessionRecord<S> | undefined;
      if (record && record.tokenHash === tokenHash && this.isFresh(record.user)) return { ...record.user, owner: record.owner };
    }
    return null;
  }

  /** Removes one item (the server said it is gone, or no longer this user's to see). */
  forget(owner: string, item: string): Promise<void> {
    return this.serially(async () => {
      const index = await this.index(owner);
      for (const entry of index.groups.filter((candidate) => candidate.items.includes(item))) {
        const record = (await this.store.get(groupId(owner, entry.group))) as TGroupRecord<G, I> | undefined;
        if (record) {
          delete record.items[item];
          await this.store.put(record);
        }
        entry.items = entry.items.filter((candidate) => candidate !== item);
      }
      await this.store.put(index);
    });
  }

  /** Everything kept, of every user: the sign-out. */
  clear(): Promise<void> {
    return this.serially(() => this.store.clear());
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.writing.catch(() => undefined).then(work);
    this.writing = next;
    return next;
  }

  private async index(owner: string): Promise<TIndexRecord> {
    const record = (await this.store.get(indexId(owner))) as TIndexRecord | undefined;
    return record ?? { id: indexId(owner), owner, groups: [] };
  }

  private async removeOtherOwners(owner: string): Promise<void> {
    for (const id of await this.store.keys()) if (ownerOfId(id) !== owner) await this.store.remove(id);
  }

  private isFresh(kept: { keptAt: string }): boolean {
    return this.now().getTime() - Date.parse(kept.keptAt) <= this.options.maxAgeMs;
  }

  private fresh(items: Record<string, TKept<I>>): Record<string, TKept<I>> {
    return Object.fromEntries(Object.entries(items).filter(([, kept]) => this.isFresh(kept)));
  }
}

/** The session's token as kept with the user: its SHA-256 in hex, never the token itself. Null where the browser cannot hash (no secure context). */
export async function tokenHash(token: string): Promise<string | null> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
