import { describe, expect, it } from 'vitest';
import { NO_MAIL_SERVER, type TMailOutboxItem } from '@aquasmart/domain';
import { useTestContext } from '../../test/test-app';
import { caller } from '../../test/places-fixtures';

/**
 * Honest mail state (docs/alerts.md): without a mail server (no SMTP_URL) POST /mailOutbox/test answers
 * the e-mail as not sent at once, so the screen can say so instead of "queued for sending".
 */
const ctx = useTestContext();

describe('a test e-mail without a mail server', () => {
  it('is answered as not sent, with the reason, and listed so', async () => {
    const { admin } = await ctx.signedInUsers({ admin: { administrator: true } });
    const call = caller(ctx);
    const answer = await call(admin, 'POST', '/mailOutbox/test', {});
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ kind: 'test', recipient: 'admin@example.com', state: 'unsent', lastError: NO_MAIL_SERVER, attempts: 0 });
    const list = (await call(admin, 'GET', '/mailOutbox')).json<TMailOutboxItem[]>();
    expect(list.map((item) => [item.state, item.lastError])).toEqual([['unsent', NO_MAIL_SERVER]]);
  });
});
