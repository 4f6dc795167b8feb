// Writes docs/platforms-schema.json from the zod schemas of a delivery body (packages/domain/src/platforms/payload.ts);
// platforms-doc.test.ts holds the file to them.
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';

register();
const { platformBatchJsonSchema } = await import('../packages/domain/src/platforms/payload.ts');
fs.writeFileSync(path.join(ROOT, 'docs/platforms-schema.json'), `${JSON.stringify(platformBatchJsonSchema(), null, 2)}\n`);
console.log('docs/platforms-schema.json written');
