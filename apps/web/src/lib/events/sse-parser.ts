/**
 * A parser of `text/event-stream` text as the HTML standard describes it ("Interpreting an event
 * stream"), for the live change stream (docs/events.md). Small enough to own rather than depend on:
 * lines end in CRLF, LF or CR (also split across chunks); `:` starts a comment (the heartbeat);
 * `data:` lines join with a newline; an empty line dispatches; `id` without a NUL sets the last
 * event id, which the empty line commits (kept across events, also for a block without data: the
 * server's position after a heartbeat is an `id:` alone); `retry:` digits set the delay.
 */
export interface TSseMessage {
  /** The `event:` field, `message` when none was sent. */
  event: string;
  data: string;
  /** The last event id after this message (the stream's, not only this message's). */
  id: string;
}

export interface TSseHandlers {
  onMessage: (message: TSseMessage) => void;
  onRetry?: (ms: number) => void;
  /** Any line at all, comments included: the stream is alive. */
  onActivity?: () => void;
  /** The committed last event id changed (also by a block without data). */
  onId?: (id: string) => void;
}

export interface TSseParser {
  feed(chunk: string): void;
  /** The stream ended: a half event without its empty line is dropped, as the standard says. */
  reset(): void;
  readonly lastEventId: string;
}

export function createSseParser(handlers: TSseHandlers, initialLastEventId = ''): TSseParser {
  let buffer = '';
  // A chunk ending in CR may be the first half of CRLF: the LF that starts the next chunk is skipped.
  let skipLeadingLf = false;
  let data: string[] = [];
  let hasData = false;
  let event = '';
  let lastEventId = initialLastEventId;
  let idBuffer = initialLastEventId;
  let first = true;

  function dispatch(): void {
    if (idBuffer !== lastEventId) {
      lastEventId = idBuffer;
      handlers.onId?.(lastEventId);
    }
    const name = event || 'message';
    event = '';
    if (!hasData) return;
    const text = data.join('\n');
    data = [];
    hasData = false;
    handlers.onMessage({ event: name, data: text, id: lastEventId });
  }

  function line(text: string): void {
    handlers.onActivity?.();
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        event = value;
        break;
      case 'data':
        data.push(value);
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\u0000')) idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        break;
      default:
        // Unknown fields are ignored.
        break;
    }
  }

  return {
    feed(chunk: string) {
      let text = chunk;
      if (first) {
        first = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 < buffer.length) {
            if (buffer[index + 1] === '\n') index += 1;
          } else {
            skipLeadingLf = true;
          }
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    reset() {
      buffer = '';
      skipLeadingLf = false;
      data = [];
      hasData = false;
      event = '';
      idBuffer = lastEventId;
      first = true;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}
