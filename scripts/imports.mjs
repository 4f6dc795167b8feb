// The imports of the repository's TypeScript files as a scan of their text, shared by
// scripts/server-tests.mjs (which server tests reach the test database) and scripts/check-cycles.mjs.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Relative imports of a file that bring code along: `import`/`export … from`, bare and dynamic
 * imports; `import type` and imports of types only left out. A scan of the text, not a parse (the
 * TypeScript compiler took seconds to load in every Vitest start); enough for the repository's style.
 */
export function valueImports(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  const statement = /(?:^|[;\n])\s*(import|export)\s+([^;'"]*?)\s*from\s*['"](\.[^'"]+)['"]|(?:^|[;\n])\s*import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(statement)) {
    const [, keyword, clause, fromSpecifier, bareSpecifier, dynamicSpecifier] = match;
    if (fromSpecifier) {
      if (/^type\b/.test(clause)) continue;
      const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
      if (named && named[1].split(',').map((part) => part.trim()).filter(Boolean).every((part) => part.startsWith('type '))) continue;
      if (keyword === 'export' && !clause) continue;
    }
    const specifier = fromSpecifier ?? bareSpecifier ?? dynamicSpecifier;
    const base = path.resolve(path.dirname(file), specifier);
    const target = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (target) found.push(target);
  }
  return found;
}
