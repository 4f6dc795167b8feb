import { useEffect, useSyncExternalStore } from 'react';

/**
 * Breadcrumb labels a screen knows better than its route title: the node detail's route title is
 * its EUI (`:eui`), but its crumb shows the node's name (docs/nodes-screens.md, "Node detail"). A screen sets the
 * label of an address (its own, or an ancestor's) while it is mounted; the shell's breadcrumbs
 * use it for the crumb of that address.
 */
let labels: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

function setLabels(next: ReadonlyMap<string, string>): void {
  labels = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows `label` as the crumb of the screen address `path` (encoded, without hash) while mounted. */
export function useCrumbLabel(path: string, label: string | undefined): void {
  useEffect(() => {
    if (!label) return;
    setLabels(new Map(labels).set(path, label));
    return () => {
      if (labels.get(path) !== label) return;
      const next = new Map(labels);
      next.delete(path);
      setLabels(next);
    };
  }, [path, label]);
}

/** The labels set by the screens now mounted, by address. */
export function useCrumbLabels(): ReadonlyMap<string, string> {
  return useSyncExternalStore(subscribe, () => labels, () => labels);
}
