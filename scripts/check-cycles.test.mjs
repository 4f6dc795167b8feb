import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles } from './check-cycles.mjs';
import { valueImports } from './imports.mjs';

describe('findCycles', () => {
  it.each([
    { name: 'a chain', edges: { a: ['b'], b: ['c'], c: [] }, cycles: [] },
    { name: 'two files importing each other', edges: { a: ['b'], b: ['a'] }, cycles: [['a', 'b']] },
    { name: 'a file importing itself', edges: { a: ['a'], b: [] }, cycles: [['a']] },
    { name: 'a ring of three behind a chain', edges: { x: ['a'], a: ['b'], b: ['c'], c: ['a'] }, cycles: [['a', 'b', 'c']] },
    { name: 'a diamond (two paths, no way back)', edges: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, cycles: [] },
    { name: 'two separate rings', edges: { a: ['b'], b: ['a'], c: ['d'], d: ['c'] }, cycles: [['a', 'b'], ['c', 'd']] },
  ])('$name', ({ edges, cycles }) => {
    const graph = new Map(Object.entries(edges));
    expect(findCycles(graph).sort()).toEqual(cycles);
  });
});

describe('valueImports', () => {
  it('follows value, re-export, bare and dynamic imports; leaves type-only imports out', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-imports-'));
    try {
      for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) fs.writeFileSync(path.join(folder, `${name}.ts`), 'export const x = 1;\n');
      const file = path.join(folder, 'main.ts');
      fs.writeFileSync(
        file,
        [
          "import { x } from './a';",
          "export * from './b';",
          "import './c';",
          "const lazy = () => import('./d');",
          "import type { T } from './e';",
          "import { type U, type V } from './f';",
          "import {\n  type W,\n  y,\n} from './g';",
        ].join('\n'),
      );
      expect(valueImports(file).map((target) => path.basename(target)).sort()).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'g.ts']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
