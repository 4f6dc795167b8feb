import { createContext, useContext } from 'react';
import type { TLiveState } from './event-stream';

/**
 * The state of the live change stream for the screens under the shell (docs/events.md, "Web app"):
 * `null` where no stream runs (screen tests that render without the shell root), so callers keep
 * their own refreshes there.
 */
export const LiveStateContext = createContext<TLiveState | null>(null);

export function useLiveState(): TLiveState | null {
  return useContext(LiveStateContext);
}

/** True only while the stream answers: a screen may then leave refreshing to it. */
export function useStreamLive(): boolean {
  return useLiveState() === 'live';
}
