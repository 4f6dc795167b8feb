import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** poppler's pdfsig (Debian poppler-utils, installed by .ci/run): its report of the file's signatures, and its exit code. */
export function pdfsig(pdf: Buffer): { out: string; status: number | null } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfsig-'));
  try {
    const file = path.join(directory, 'report.pdf');
    fs.writeFileSync(file, pdf);
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    return { out: `${run.stdout}${run.stderr}`, status: run.status };
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
