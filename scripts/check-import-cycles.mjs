// Fails when modules under src/ import each other in a cycle. Part of `npm run lint`.
//
//   node scripts/check-import-cycles.mjs [--root DIR]     (DIR holds src/; the repository by default)
//
// Type-only imports count too: `import type` vanishes when compiled, so it cannot break a start,
// but a circle of types is still two modules that cannot be understood (or moved) one without
// the other (plain-text.ts ↔ validators.ts was one). The rooms' order is scripts/check-layers.mjs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { root: { type: 'string' } } });
const root = resolve(values.root ?? join(import.meta.dirname, '..'));
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name)) files.push(path);
  }
})(join(root, 'src'));

const importPattern = /^(?:import|export)\s+[^'"]*?from\s+'(\.[^']+)'/gm;
const graph = new Map();
for (const file of files) {
  const deps = [];
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const base = resolve(dirname(file), specifier);
    const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) =>
      existsSync(candidate),
    );
    if (target) deps.push(target);
  }
  graph.set(file, deps);
}

const state = new Map(); // 1 = on the current path, 2 = done
const path = [];
const cycles = [];
function visit(file) {
  state.set(file, 1);
  path.push(file);
  for (const dep of graph.get(file) ?? []) {
    if (state.get(dep) === 1) cycles.push([...path.slice(path.indexOf(dep)), dep]);
    else if (!state.has(dep)) visit(dep);
  }
  path.pop();
  state.set(file, 2);
}
for (const file of files) if (!state.has(file)) visit(file);

if (cycles.length > 0) {
  console.error('Import cycles:');
  for (const cycle of cycles) console.error('  ' + cycle.map((file) => relative(root, file)).join(' -> '));
  process.exit(1);
}
console.log(`import cycles: none in ${files.length} modules`);
