// `npm run bench`: runs every bench/*.bench.ts in turn (or those whose name contains argv[2]).
// Each module's default export prints its own figures and ratios.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Bench = () => Promise<void>;

async function main(): Promise<void> {
  const filter = process.argv[2] ?? '';
  const dir = import.meta.dirname;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
    .sort();
  if (files.length === 0) {
    console.error(`No benchmark matches "${filter}".`);
    process.exitCode = 2;
    return;
  }
  for (const file of files) {
    console.log(`\n=== ${file.replace(/\.bench\.ts$/, '')} ===`);
    // Imported from CommonJS, a module's default export arrives wrapped once more.
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as {
      default: Bench | { default: Bench };
    };
    const bench = typeof mod.default === 'function' ? mod.default : mod.default.default;
    await bench();
  }
}

// tsx runs this file as CommonJS (package.json has no "type": "module"), so no top-level await.
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
