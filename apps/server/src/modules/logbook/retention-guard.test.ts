import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The logbook's promise (docs/logbook.md, "What the portal keeps"): nothing in the server deletes
 * the history a report is made of, nor issued reports. Any statement that deletes from or drops
 * these tables must be an explicit, documented exception here.
 */
const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KEPT_TABLES = ['device_data', 'audit_logs', 'calibration_logs', 'logbook_reports', 'devices', 'device_channels', 'deviations', 'deviation_actions', 'planned_disinfections'];
const DRIZZLE_NAMES: Record<string, string> = {
  device_data: 'deviceData',
  audit_logs: 'auditLogs',
  calibration_logs: 'calibrationLogs',
  logbook_reports: 'logbookReports',
  devices: 'devices',
  device_channels: 'deviceChannels',
  // Deviations and what was done about them (docs/logbook.md, "Deviations").
  deviations: 'deviations',
  deviation_actions: 'deviationActions',
  // Planned thermal disinfections (docs/logbook.md, "Thermal disinfection").
  planned_disinfections: 'plannedDisinfections',
};
/** Moving rows from the default partition into a month's partition deletes and re-inserts them in one statement. */
const EXCEPTIONS = [{ file: 'db/partitions.ts', pattern: /DELETE FROM device_data_default/ }];

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productionFiles(full);
    return /\.(ts|sql)$/.test(entry.name) && !/\.(test|fixture)\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('retention guard', () => {
  it('no production code deletes, truncates or drops the history, the logs or issued reports', () => {
    const offences: string[] = [];
    for (const file of productionFiles(SERVER_SRC)) {
      const relative = path.relative(SERVER_SRC, file);
      const text = fs.readFileSync(file, 'utf8');
      for (const table of KEPT_TABLES) {
        const patterns = [
          new RegExp(`DELETE\\s+FROM\\s+${table}\\b`, 'i'),
          new RegExp(`TRUNCATE\\s+(TABLE\\s+)?${table}\\b`, 'i'),
          new RegExp(`DROP\\s+TABLE\\s+(IF\\s+EXISTS\\s+)?${table}\\b`, 'i'),
          new RegExp(`\\.delete\\(\\s*${DRIZZLE_NAMES[table]}\\s*\\)`),
        ];
        for (const pattern of patterns) {
          const match = pattern.exec(text);
          if (match && !EXCEPTIONS.some((exception) => relative === exception.file && exception.pattern.test(match[0] + text.slice(match.index, match.index + 60)))) {
            offences.push(`${relative}: ${match[0]}`);
          }
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('finds what it looks for (the guard is not blind)', () => {
    expect(/DELETE\s+FROM\s+device_data\b/i.test('WITH moved AS (DELETE FROM device_data_default')).toBe(false);
    expect(/DELETE\s+FROM\s+audit_logs\b/i.test('await tx.execute(sql`DELETE FROM audit_logs WHERE ts < now()`)')).toBe(true);
    expect(/\.delete\(\s*auditLogs\s*\)/.test('db.delete(auditLogs).where(...)')).toBe(true);
    expect(productionFiles(SERVER_SRC).some((file) => file.endsWith(path.join('db', 'partitions.ts')))).toBe(true);
  });
});
