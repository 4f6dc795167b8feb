// The browser tests' split over `npm test`'s shards by measured duration (docs/testing.md, "Sixth
// step"). Playwright's own `--shard` splits by test count in file order; here each spec file goes
// whole to one shard, the longest first, to the shard that is least loaded for its share. The first
// shard starts with the PostgreSQL pass and the others only when that pass ends, so the first takes a
// larger share (FIRST_SHARD_WEIGHT): the shards and the PGlite run then end near one another instead
// of the last shard running alone on one core.
//
//   node scripts/e2e-shards.mjs                      the split and each shard's measured seconds
//   node scripts/e2e-shards.mjs --update R.json ...  e2e/durations.json from Playwright JSON reports
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DURATIONS_FILE = path.join(ROOT, 'e2e', 'durations.json');
/**
 * The first shard's share against each later one's. Measured on 2 cores (docs/testing.md): the first
 * shard runs about 450 s beside the PostgreSQL pass before the second starts beside the PGlite run.
 */
export const FIRST_SHARD_WEIGHT = 1.6;

/** The spec files Playwright runs (playwright.config.ts: testDir e2e, `**\/*.spec.ts`), as `e2e/…`, sorted. */
export function specFiles(root = ROOT) {
  const found = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.spec.ts')) found.push(relative);
    }
  };
  walk('e2e');
  return found.sort();
}

export function shardWeights(count) {
  return Array.from({ length: count }, (_, index) => (index === 0 && count > 1 ? FIRST_SHARD_WEIGHT : 1));
}

/**
 * Each file to one shard: the longest first, each to the shard whose load over its weight is
 * smallest (ties: the lower shard). A file without a measured duration counts as the median of the
 * measured ones, so a new spec file is run before anyone has measured it.
 */
export function assignShards(files, durations, weights) {
  const known = files.map((file) => durations[file]).filter((seconds) => Number.isFinite(seconds)).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 1;
  const seconds = (file) => (Number.isFinite(durations[file]) ? durations[file] : fallback);
  const order = [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));
  const shards = weights.map(() => ({ files: [], seconds: 0 }));
  for (const file of order) {
    let best = 0;
    for (let index = 1; index < shards.length; index += 1) {
      if (shards[index].seconds / weights[index] < shards[best].seconds / weights[best]) best = index;
    }
    shards[best].files.push(file);
    shards[best].seconds += seconds(file);
  }
  for (const shard of shards) shard.files.sort();
  return shards;
}

/** Seconds per spec file (the sum of its tests' runs) from a Playwright JSON report. */
export function durationsFromReport(report) {
  const durations = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = `e2e/${spec.file}`;
      const milliseconds = (spec.tests ?? []).flatMap((test) => test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      durations[file] = (durations[file] ?? 0) + milliseconds / 1000;
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const file of Object.keys(durations)) durations[file] = Math.round(durations[file] * 10) / 10;
  return durations;
}

export function readDurations(file = DURATIONS_FILE) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** The files of shard `shard` (1-based) of `count`. */
export function shardFiles(shard, count, root = ROOT) {
  return assignShards(specFiles(root), readDurations(path.join(root, 'e2e', 'durations.json')), shardWeights(count))[shard - 1].files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || (args[0] && args[0] !== '--update' && !/^[1-9]\d*$/.test(args[0]))) {
    console.log('node scripts/e2e-shards.mjs [N]: the spec files of each of N shards (default 2), split by e2e/durations.json');
    console.log('node scripts/e2e-shards.mjs --update <playwright JSON report>...: write the measured durations into e2e/durations.json');
    process.exit(args[0] === '--help' ? 0 : 1);
  }
  if (args[0] === '--update') {
    const measured = Object.assign({}, ...args.slice(1).map((file) => durationsFromReport(JSON.parse(fs.readFileSync(file, 'utf8')))));
    const files = specFiles();
    // Only files that exist, in name order: a removed spec's figure goes, an unmeasured one stays out.
    const durations = Object.fromEntries(files.filter((file) => file in measured).map((file) => [file, measured[file]]));
    fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
    console.log(`${DURATIONS_FILE}: ${Object.keys(durations).length} of ${files.length} spec files measured.`);
  } else {
    const count = Number(args[0] ?? 2);
    assignShards(specFiles(), readDurations(), shardWeights(count)).forEach((shard, index) => {
      console.log(`shard ${index + 1}: ${shard.files.length} files, ${Math.round(shard.seconds)} s measured\n  ${shard.files.join('\n  ')}`);
    });
  }
}
