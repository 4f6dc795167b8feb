import type { TQueuedEntry, TQueueStore } from './offline-queue';

/**
 * The device's IndexedDB for what the app keeps without a connection (docs/field-work.md, "Offline
 * queue"; docs/outlets.md, "Opening an outlet without a connection"): one database
 * `aquasmart-offline`, one object store per use, records keyed by their `id`. It outlives a closed
 * tab, a reload and a restarted phone. A few lines of IndexedDB rather than a library: six
 * operations. Where IndexedDB is missing (a private window of an old browser, the unit tests) the
 * records are kept in memory for as long as the page lives.
 */

const DATABASE = 'aquasmart-offline';
/** Every object store: the queues (`checks`) and the answers kept for opening pages offline (`kept`). A new one adds its name here and raises VERSION. */
export const STORE_NAMES = ['checks', 'kept'] as const;
export type TStoreName = (typeof STORE_NAMES)[number];
const VERSION = 2;

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      for (const name of STORE_NAMES) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name, { keyPath: 'id' });
    };
    request.onsuccess = () => {
      // A newer version of the app (another tab) raising VERSION: this connection steps aside, and is opened again when next used.
      request.result.onversionchange = () => {
        request.result.close();
        opened = null;
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

async function run<V>(name: string, mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<V>): Promise<V> {
  const database = await open();
  return new Promise<V>((resolve, reject) => {
    const transaction = database.transaction(name, mode);
    const request = action(transaction.objectStore(name));
    // Resolved when the transaction is committed, so a write is on disk before the page says "kept".
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Records keyed by their `id`, in one object store. */
export interface TRecordStore<R extends { id: string }> {
  get(id: string): Promise<R | undefined>;
  all(): Promise<R[]>;
  keys(): Promise<string[]>;
  put(record: R): Promise<void>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
}

/** One object store's records in IndexedDB, or in memory without it. */
export function idbRecords<R extends { id: string }>(name: TStoreName): TRecordStore<R> {
  if (typeof indexedDB === 'undefined') return memoryRecords<R>();
  return {
    get: (id) => run(name, 'readonly', (store) => store.get(id) as IDBRequest<R | undefined>),
    all: () => run(name, 'readonly', (store) => store.getAll() as IDBRequest<R[]>),
    keys: async () => (await run(name, 'readonly', (store) => store.getAllKeys())).map(String),
    put: async (record) => {
      await run(name, 'readwrite', (store) => store.put(record));
    },
    remove: async (id) => {
      await run(name, 'readwrite', (store) => store.delete(id));
    },
    clear: async () => {
      await run(name, 'readwrite', (store) => store.clear());
    },
  };
}

/** Records in memory: the tests' store, and the fallback without IndexedDB. Each read is a copy, as IndexedDB's. */
export function memoryRecords<R extends { id: string }>(): TRecordStore<R> & { records: Map<string, R> } {
  const records = new Map<string, R>();
  return {
    records,
    get: async (id) => (records.has(id) ? structuredClone(records.get(id)) : undefined),
    all: async () => [...records.values()].map((record) => structuredClone(record)),
    keys: async () => [...records.keys()],
    put: async (record) => {
      records.set(record.id, structuredClone(record));
    },
    remove: async (id) => {
      records.delete(id);
    },
    clear: async () => {
      records.clear();
    },
  };
}

/** A queue's entries (offline-queue.ts) in its object store. */
export function idbStore<T>(name: TStoreName): TQueueStore<T> {
  return queueStoreOf(idbRecords<TQueuedEntry<T>>(name));
}

/** A queue's entries in memory (the tests). */
export function memoryStore<T>(): TQueueStore<T> & { entries: Map<string, TQueuedEntry<T>> } {
  const records = memoryRecords<TQueuedEntry<T>>();
  return { ...queueStoreOf(records), entries: records.records };
}

function queueStoreOf<T>(records: TRecordStore<TQueuedEntry<T>>): TQueueStore<T> {
  return { all: () => records.all(), put: (entry) => records.put(entry), remove: (id) => records.remove(id) };
}
