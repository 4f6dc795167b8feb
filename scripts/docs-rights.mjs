// Writes docs/rights.md from the rights catalogue in packages/domain.
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';

register();
const { renderRightsMarkdown } = await import('../packages/domain/src/rights/rights-table.ts');
fs.writeFileSync(path.join(ROOT, 'docs/rights.md'), renderRightsMarkdown());
console.log('docs/rights.md written');
