// Fails when a room of src/ imports a room above it, or a room beside it other than through that
// room's door (docs/architecture.md, "Rooms"). Part of `npm run lint`, after the cycle check.
//
//   node scripts/check-layers.mjs [--root DIR]     (DIR holds src/; the repository by default)
//
// Type-only imports count too: a lower room that names a higher room's types knows about it, and
// the next change turns the type into a call. Only relative imports are read (the project has no
// path aliases); an import that leaves src/ or names a non-TypeScript file (CSS) is not a room's.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * The rooms, lowest first. A file may import any room on a lower step and its own room; a room on
 * the same step only through that room's door (its `index.ts`) where the step says `doors`.
 * A new folder under src/ or src/main belongs on a step before anything in it passes.
 */
export const STEPS = [
  { step: 'shared domain', rooms: { 'shared/domain': ['src/shared/domain'] } },
  { step: 'shared contract', rooms: { 'shared/ipc': ['src/shared/ipc'] } },
  { step: 'provider contract', rooms: { provider: ['src/provider'] } },
  { step: 'training service', rooms: { 'training-service': ['src/training-service'] } },
  { step: 'ground: core', rooms: { core: ['src/main/core'] } },
  { step: 'ground: settings', rooms: { settings: ['src/main/settings'] } },
  {
    step: 'ground: journal, provider client, logging',
    rooms: {
      journal: ['src/main/journal'],
      'invoice-service': ['src/main/invoice-service'],
      logging: ['src/main/logging'],
    },
  },
  // The one path every provider call takes (write ahead, send, classify, resolve): above the journal
  // and the provider client it joins, below the capabilities whose calls are its kinds.
  { step: 'provider path', rooms: { 'provider-ops': ['src/main/provider-ops'] } },
  {
    step: 'capabilities',
    doors: true,
    rooms: Object.fromEntries(
      [
        'catalog',
        'checkout',
        'exports',
        'head-office',
        'invoice-mode',
        'printing',
        'reconciliation',
        'returns',
        'shifts',
      ].map((name) => [name, [`src/main/${name}`]]),
    ),
  },
  { step: 'composition', rooms: { app: ['src/main/app'] } },
  {
    step: 'hosts',
    rooms: { electron: ['src/main/index.ts', 'src/main/shell'], 'web-host': ['src/web-host'] },
  },
];

/** Rooms outside the steps: other processes that reach the main process only by messages. */
export const APART = {
  renderer: { paths: ['src/renderer'], mayImport: ['shared/domain', 'shared/ipc'] },
  preload: { paths: ['src/preload'], mayImport: ['shared/domain', 'shared/ipc'] },
};

const ROOMS = [
  ...STEPS.flatMap(({ step, doors, rooms }, rank) =>
    Object.entries(rooms).flatMap(([room, paths]) =>
      paths.map((path) => ({ path, room, rank, step, doors: doors === true })),
    ),
  ),
  ...Object.entries(APART).flatMap(([room, { paths, mayImport }]) =>
    paths.map((path) => ({ path, room, rank: null, step: 'apart', mayImport })),
  ),
].sort((a, b) => b.path.length - a.path.length); // the longest (most precise) path first

/** The room of a file, by its path relative to the root with `/` separators; null if none. */
export function roomOf(path) {
  return ROOMS.find((room) => path === room.path || path.startsWith(room.path + '/')) ?? null;
}

const IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gm;

function filesUnder(dir) {
  const files = [];
  (function walk(current) {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  })(dir);
  return files.sort();
}

function resolveImport(file, specifier) {
  const base = resolve(dirname(file), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** Whether `importer` may import `target` (rooms as from roomOf); a reason when it may not. */
export function ruleBroken(importer, target, targetPath) {
  if (importer.room === target.room) return null;
  if (importer.rank === null) {
    if (importer.mayImport.includes(target.room)) return null;
    return `${importer.room} imports only ${importer.mayImport.join(' and ')} (it reaches the main process through the IPC contract)`;
  }
  if (target.rank === null)
    return `${target.room} is another process: nothing in ${importer.step} imports it`;
  if (target.rank < importer.rank) return null;
  if (target.rank > importer.rank)
    return `${importer.room} (${importer.step}) is below ${target.room} (${target.step}): a lower room never imports a higher one`;
  const door = `${target.path}/index.ts`;
  if (importer.doors && (targetPath === door || targetPath === `${target.path}/index.tsx`)) return null;
  return importer.doors
    ? `${target.room} is a room beside ${importer.room} (${importer.step}): import its door ${door}, or take what it offers as a dependency from src/main/app`
    : `${target.room} is a room beside ${importer.room} (${importer.step}): rooms on this step do not import each other`;
}

/** Every import between rooms under root/src and the ones that break a rule. */
export function checkLayers(root) {
  const src = join(root, 'src');
  const rel = (path) => relative(root, path).split(sep).join('/');
  const problems = [];
  let between = 0;
  const files = filesUnder(src);
  for (const file of files) {
    const importer = roomOf(rel(file));
    if (!importer) {
      problems.push({
        file: rel(file),
        rule: 'this file is in no room: put its folder on a step in scripts/check-layers.mjs (and in docs/architecture.md)',
      });
      continue;
    }
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const typeOnly = match[1] !== undefined;
      const specifier = match[2] ?? match[3];
      const resolved = resolveImport(file, specifier);
      if (!resolved || !resolved.startsWith(src + sep)) continue;
      const targetPath = rel(resolved);
      const target = roomOf(targetPath);
      if (!target || target.room === importer.room) continue;
      between += 1;
      const rule = ruleBroken(importer, target, targetPath);
      if (rule) {
        const line =
          text.slice(0, match.index).split('\n').length + (match[0].match(/^\s*/)[0].split('\n').length - 1);
        problems.push({ file: `${rel(file)}:${line}`, imports: targetPath, typeOnly, specifier, rule });
      }
    }
  }
  return { files: files.length, between, problems };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { values } = parseArgs({ options: { root: { type: 'string' } } });
  const root = resolve(values.root ?? join(import.meta.dirname, '..'));
  const { files, between, problems } = checkLayers(root);
  if (problems.length > 0) {
    console.error(
      `Layer rules broken (${problems.length}); the rooms and their order: docs/architecture.md, "Rooms":`,
    );
    for (const problem of problems) {
      console.error(
        problem.imports
          ? `  ${problem.file} imports '${problem.specifier}' (${problem.imports}${problem.typeOnly ? ', type only' : ''})`
          : `  ${problem.file}`,
      );
      console.error(`    rule: ${problem.rule}`);
    }
    process.exit(1);
  }
  console.log(`layers: ${between} imports between rooms in ${files} modules, none upwards or sideways`);
}
