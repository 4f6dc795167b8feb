import { describe, expect, it } from 'vitest';
import { createSseParser, type TSseMessage } from './sse-parser';

function parse(chunks: string[], initialId = '') {
  const messages: TSseMessage[] = [];
  const retries: number[] = [];
  let activity = 0;
  const parser = createSseParser(
    { onMessage: (message) => messages.push(message), onRetry: (ms) => retries.push(ms), onActivity: () => (activity += 1) },
    initialId,
  );
  for (const chunk of chunks) parser.feed(chunk);
  return { messages, retries, activity, parser };
}

describe('the event stream parser', () => {
  it.each([
    ['LF', 'event: nodes\ndata: {"a":1}\nid: c.1\n\n'],
    ['CRLF', 'event: nodes\r\ndata: {"a":1}\r\nid: c.1\r\n\r\n'],
    ['CR', 'event: nodes\rdata: {"a":1}\rid: c.1\r\r'],
    ['no space after the colon', 'event:nodes\ndata:{"a":1}\nid:c.1\n\n'],
    ['a byte order mark first', '\uFEFFevent: nodes\ndata: {"a":1}\nid: c.1\n\n'],
  ])('reads one event with %s', (_name, text) => {
    expect(parse([text]).messages).toEqual([{ event: 'nodes', data: '{"a":1}', id: 'c.1' }]);
  });

  it('reads an event cut anywhere, also between CR and LF', () => {
    const text = 'event: alarm\r\ndata: {"id":7}\r\nid: c.2\r\n\r\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { messages } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(messages, `cut at ${cut}`).toEqual([{ event: 'alarm', data: '{"id":7}', id: 'c.2' }]);
    }
  });

  it('joins data lines with a newline and names an event without event: message', () => {
    expect(parse(['data: one\ndata: two\n\n']).messages).toEqual([{ event: 'message', data: 'one\ntwo', id: '' }]);
  });

  it('skips comments (the heartbeat) but counts them as activity', () => {
    const { messages, activity } = parse([': heartbeat\n\n', ':\n']);
    expect(messages).toEqual([]);
    expect(activity).toBe(3);
  });

  it('dispatches nothing for an event without data, but keeps its id', () => {
    const { messages, parser } = parse(['event: nodes\nid: c.5\n\n', 'data: x\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'x', id: 'c.5' }]);
    expect(parser.lastEventId).toBe('c.5');
  });

  it('keeps the last id across events, starts from the one given, ignores an id holding NUL', () => {
    const { messages } = parse(['data: a\n\n', 'id: bad\u0000\ndata: b\n\n', 'id\ndata: c\n\n'], 'c.9');
    expect(messages.map((message) => message.id)).toEqual(['c.9', 'c.9', '']);
  });

  it.each([
    ['retry: 3000', [3000]],
    ['retry: 0', [0]],
    ['retry: 3s', []],
    ['retry: -1', []],
    ['retry:', []],
  ])('takes %s as %j', (line, expected) => {
    expect(parse([`${line}\n`]).retries).toEqual(expected);
  });

  it('ignores unknown fields and drops a half event on reset', () => {
    const { messages, parser } = parse(['foo: bar\ndata: half\n']);
    parser.reset();
    parser.feed('data: whole\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'whole', id: '' }]);
  });

  it('commits an id alone (the server position after a heartbeat) at the empty line, not before', () => {
    const ids: string[] = [];
    const parser = createSseParser({ onMessage: () => undefined, onId: (id) => ids.push(id) });
    parser.feed(': 1700000000\n\nid: c.41\n');
    expect(parser.lastEventId).toBe('');
    parser.feed('\n');
    expect(parser.lastEventId).toBe('c.41');
    parser.feed('id: c.42\n');
    parser.reset();
    expect(parser.lastEventId).toBe('c.41');
    parser.feed('id: c.41\n\n');
    expect(ids).toEqual(['c.41']);
  });
});
