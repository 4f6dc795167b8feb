import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TCheckBody, TCheckKind, TCheckRecord } from '@aquasmart/domain';
import { idbStore } from '../../lib/offline-queue/idb-store';
import { keepSending, OfflineQueue, type TQueuedEntry } from '../../lib/offline-queue/offline-queue';
import { queryClient } from '../../lib/query-client';
import { currentUserQuery } from '../../lib/session/current-user';
import { OUTLET_CHECK_QUERY_ROOT, postCheck } from './api/outlet-check-api';

/**
 * The checks recorded on this device that wait to be sent (docs/outlets.md, "The offline queue"):
 * the generic queue (lib/offline-queue) in IndexedDB, each entry with its `entryId` and its own
 * `doneAt` (the time of the check, not of the sending), sent when the connection returns, at the
 * app's start and every minute. The server stores an entry id once, so a retry never doubles a check.
 */

export interface TCheckEntry {
  customer: string;
  location: string;
  /** For the list on screen: the outlet's name and the check. */
  outletName: string;
  check: TCheckKind;
  body: TCheckBody;
}

/** Checks sent from the queue while the app is open, newest first: the page says so. */
let sentChecks: readonly TCheckRecord[] = [];
const sentListeners = new Set<() => void>();

export const checkQueue = new OfflineQueue<TCheckEntry, TCheckRecord>({
  store: idbStore<TCheckEntry>('checks'),
  send: (entry, id) => postCheck(entry.customer, entry.location, { ...entry.body, entryId: id }),
  owner: () => queryClient.getQueryData(currentUserQuery.queryKey)?.email ?? null,
  onSent: (_entry, check) => {
    sentChecks = [check, ...sentChecks].slice(0, 20);
    for (const listener of sentListeners) listener();
    void queryClient.invalidateQueries({ queryKey: OUTLET_CHECK_QUERY_ROOT });
  },
});

let stopSending: (() => void) | null = null;

/** Starts sending the queue: at once (after the user is known), on `online`, every minute. Once per page. */
export function startCheckQueue(): void {
  if (stopSending) return;
  stopSending = () => undefined;
  void queryClient
    .fetchQuery(currentUserQuery)
    .catch(() => undefined)
    .finally(() => {
      stopSending = keepSending(checkQueue);
    });
}

/** The entries waiting or refused, kept current. */
export function useQueuedChecks(): TQueuedEntry<TCheckEntry>[] | null {
  const [entries, setEntries] = useState<TQueuedEntry<TCheckEntry>[] | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void checkQueue
        .entries()
        .then((next) => live && setEntries(next))
        .catch(() => live && setEntries([]));
    read();
    const stop = checkQueue.subscribe(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return entries;
}

/** The checks sent from the queue since the app started. */
export function useSentChecks(): readonly TCheckRecord[] {
  return useSyncExternalStore(
    (listener) => {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    () => sentChecks,
  );
}
