import type { TSnackbarSeverity } from './snackbar-context';

export interface TSnack {
  id: number;
  message: string;
  severity: TSnackbarSeverity;
  params?: Record<string, unknown>;
}

/** The snackbar on screen (first) and the one that replaces it (second), and whether the first is open. */
export interface TSnackQueue {
  snacks: TSnack[];
  open: boolean;
}

export type TSnackAction = { type: 'show'; snack: TSnack } | { type: 'close'; id: number } | { type: 'exited'; id: number };

export const EMPTY_SNACK_QUEUE: TSnackQueue = { snacks: [], open: false };

/**
 * One snackbar at a time. A new message replaces the one on screen: that one closes at once and
 * the newest follows when its exit transition ends (messages in between are dropped: already out
 * of date). One reducer, so that a close, an exit and a new message arriving in any order never
 * leave the newest closed with nothing left to open it (which an effect closing "the one before"
 * could do when it ran after the exit: no message showed again until a reload).
 */
export function snackQueue(state: TSnackQueue, action: TSnackAction): TSnackQueue {
  const [current] = state.snacks;
  switch (action.type) {
    case 'show':
      return current ? { snacks: [current, action.snack], open: false } : { snacks: [action.snack], open: true };
    case 'close':
      return current?.id === action.id ? { ...state, open: false } : state;
    case 'exited': {
      // The exit of a snackbar no longer first (or never shown) changes nothing.
      if (current?.id !== action.id) return state;
      const rest = state.snacks.slice(1);
      return { snacks: rest, open: rest.length > 0 };
    }
  }
}
