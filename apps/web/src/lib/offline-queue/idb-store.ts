import type { TQueuedEntry, TQueueStore } from './offline-queue';

/**
 * The queue's entries in the device's IndexedDB (docs/field-work.md, "Offline queue"): one database
 * `aquasmart-offline`, one object store per queue, keyed by the entry's id. It outlives a closed tab,
 * a reload and a restarted phone. A few lines of IndexedDB rather than a library: three operations.
 * Where IndexedDB is missing (a private window of an old browser, the unit tests) the entries are
 * kept in memory for as long as the page lives.
 */

const DATABASE = 'aquasmart-offline';
/** Every queue's object store; a new queue adds its name here and raises VERSION. */
export const QUEUE_NAMES = ['checks'] as const;
const VERSION = 1;

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      for (const name of QUEUE_NAMES) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
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

export function idbStore<T>(name: (typeof QUEUE_NAMES)[number]): TQueueStore<T> {
  if (typeof indexedDB === 'undefined') return memoryStore<T>();
  return {
    all: () => run(name, 'readonly', (store) => store.getAll() as IDBRequest<TQueuedEntry<T>[]>),
    put: async (entry) => {
      await run(name, 'readwrite', (store) => store.put(entry));
    },
    remove: async (id) => {
      await run(name, 'readwrite', (store) => store.delete(id));
    },
  };
}

/** Entries in memory: the tests' store, and the fallback without IndexedDB. */
export function memoryStore<T>(): TQueueStore<T> & { entries: Map<string, TQueuedEntry<T>> } {
  const entries = new Map<string, TQueuedEntry<T>>();
  return {
    entries,
    all: async () => [...entries.values()].map((entry) => structuredClone(entry)),
    put: async (entry) => {
      entries.set(entry.id, structuredClone(entry));
    },
    remove: async (id) => {
      entries.delete(id);
    },
  };
}
