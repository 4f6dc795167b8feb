import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { TOKEN_STORAGE_KEY } from '../../lib/session/token-storage';
import { EVENTS_URL, useLiveUpdates } from './use-live-updates';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useLiveUpdates', () => {
  it('opens the stream with the stored token, goes live, refreshes what an event names, and closes on unmount', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-7');
    let write: (text: string) => void = () => undefined;
    let signal: AbortSignal | undefined;
    const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (_input, init) => {
      signal = init?.signal ?? undefined;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          write = (text) => controller.enqueue(encoder.encode(text));
          signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    let fetched = 0;
    const observer = new QueryObserver(queryClient, { queryKey: ['nodes', 'one', 'E1'], queryFn: async () => ++fetched });
    const unsubscribe = observer.subscribe(() => undefined);

    const { result, unmount } = renderHook(() => useLiveUpdates(queryClient));
    await waitFor(() => expect(result.current).toBe('live'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe(EVENTS_URL);
    expect(init?.headers).toMatchObject({ 'x-access-token': 'tok-7', accept: 'text/event-stream' });
    await waitFor(() => expect(fetched).toBe(1));

    act(() => write('event: nodes\nid: c.1\ndata: {"nodes":[{"eui":"E1","parts":["sync"]}]}\n\n'));
    await waitFor(() => expect(fetched).toBe(2));

    unmount();
    expect(signal?.aborted).toBe(true);
    unsubscribe();
  });
});
