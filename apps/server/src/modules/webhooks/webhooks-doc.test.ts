import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RETRY_SECONDS, webhookJsonSchema, ZWebhookPayload } from '@aquasmart/domain';
import { signWebhook } from './webhook-signature';

/** docs/webhooks.md and docs/webhooks-schema.json held to the code. */
const docs = path.resolve(import.meta.dirname, '../../../../../docs');
const doc = fs.readFileSync(path.join(docs, 'webhooks.md'), 'utf8');

describe('docs/webhooks.md', () => {
  it('the JSON Schema file is the one the zod schemas give (npm run docs:webhooks-schema)', () => {
    expect(JSON.parse(fs.readFileSync(path.join(docs, 'webhooks-schema.json'), 'utf8'))).toEqual(webhookJsonSchema());
  });

  it('every example is a valid webhook body', () => {
    const examples = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => ZWebhookPayload.parse(JSON.parse(match[1])));
    expect(examples.map((example) => example.type)).toEqual(['alarm.opened', 'check.done', 'node.moved']);
  });

  it('the signature example is what our signer and the standardwebhooks library both give', () => {
    const example = /secret `(whsec_[^`]+)`, id `(msg_\d+)`, timestamp (\d+), body\n`(\{.*\})`/.exec(doc);
    const header = /webhook-signature: (v1,\S+)/.exec(doc)?.[1];
    expect(example && header).toBeTruthy();
    const [, secret, id, timestamp, body] = example!;
    expect(signWebhook(secret, id, Number(timestamp), body)).toBe(header);
    expect(new Webhook(secret).sign(id, new Date(Number(timestamp) * 1000), body)).toBe(header);
    expect(ZWebhookPayload.parse(JSON.parse(body)).type).toBe('webhook.test');
  });

  it('the retry schedule is the one the sender uses', () => {
    const label = (seconds: number) => (seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`);
    expect(doc).toContain(`after **${WEBHOOK_RETRY_SECONDS.map(label).join(', ')}**`);
  });
});
