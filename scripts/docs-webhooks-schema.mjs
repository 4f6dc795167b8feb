// Writes docs/webhooks-schema.json from the zod schemas of a webhook body (packages/domain/src/webhooks/payload.ts);
// webhooks-doc.test.ts holds the file to them.
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';

register();
const { webhookJsonSchema } = await import('../packages/domain/src/webhooks/payload.ts');
fs.writeFileSync(path.join(ROOT, 'docs/webhooks-schema.json'), `${JSON.stringify(webhookJsonSchema(), null, 2)}\n`);
console.log('docs/webhooks-schema.json written');
