import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** Static `import ... from` / `export ... from` of a relative path (type-only ones too). */
const IMPORT = /^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** The files under `root` (relative to it) each file imports. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].flatMap((m) => {
      const target = path.resolve(path.dirname(file), m[1] ?? '');
      return fs.existsSync(target) ? [path.relative(root, target)] : [];
    });
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/** Groups of two or more files that import each other, directly or not (Tarjan's components). */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.size - 1);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next))
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('server modules', () => {
  it('finds a cycle of imports when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('keep the telemetry services out of any import cycle', () => {
    const cycles = importCycles(importGraph(SRC)).filter((files) =>
      files.some((file) => file.startsWith(`services${path.sep}telemetry${path.sep}`)),
    );
    expect(cycles, JSON.stringify(cycles)).toEqual([]);
  });
});
