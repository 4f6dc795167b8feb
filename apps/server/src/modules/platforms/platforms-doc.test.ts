import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformBatchJsonSchema, ZPlatformBatch } from '@aquasmart/domain';
import { verifySignature } from './platform-signature';

/** docs/platforms.md and docs/platforms-schema.json held to the code (docs/platforms.md, "Format"). */
const docs = path.resolve(import.meta.dirname, '../../../../../docs');
const doc = fs.readFileSync(path.join(docs, 'platforms.md'), 'utf8');

describe('docs/platforms.md', () => {
  it('the JSON Schema file is the one the zod schemas give', () => {
    expect(JSON.parse(fs.readFileSync(path.join(docs, 'platforms-schema.json'), 'utf8'))).toEqual(platformBatchJsonSchema());
  });

  it('the example is a valid delivery body, with LegionellaDossier options on each item', () => {
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const batch = ZPlatformBatch.parse(JSON.parse(example!));
    expect(batch.items.map((item) => item.type)).toEqual(['temperature', 'flush', 'alarm', 'labResult']);
    expect(batch.items.every((item) => item.legionellaDossier?.deviceType)).toBe(true);
  });

  it('the signature example verifies with its token and body', () => {
    const body = /body\n`(\{.*\})`, time (\d+)/.exec(doc);
    const header = /X-Aquasmart-Signature: (t=\d+,v1=[0-9a-f]{64})/.exec(doc)?.[1];
    expect(body && header).toBeTruthy();
    expect(verifySignature('example-token', body![1], header!, Number(body![2]))).toBe(true);
    expect(verifySignature('other-token', body![1], header!, Number(body![2]))).toBe(false);
  });
});
