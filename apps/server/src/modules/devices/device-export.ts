import { exportTexts, type TExportLanguage } from '@aquasmart/domain';
import { fillHeader, type TExportColumn } from '../../lib/csv-export';
import type { TDeviceExportRow } from './device-repository';

/** A sync state (-1 no parameters, 0 pending, 1 saved) as the word the list's icon stands for. */
function syncWord(sync: number, language: TExportLanguage): string {
  const words = exportTexts(language).sync;
  return sync < 0 ? words.none : sync === 0 ? words.pending : words.saved;
}

/** The node list's columns as CSV (docs/exports.md, "Columns"), headers in the language. */
export function deviceExportColumns(language: TExportLanguage): TExportColumn<TDeviceExportRow>[] {
  const texts = exportTexts(language).nodes;
  const temperature = (number: 1 | 2 | 3): TExportColumn<TDeviceExportRow> => ({
    header: fillHeader(texts.temperature, { number }),
    value: (row) => row[`temperature${number}`],
  });
  return [
    { header: texts.name, value: (row) => row.name },
    { header: texts.eui, value: (row) => row.eui },
    { header: texts.customer, value: (row) => row.customer },
    { header: texts.location, value: (row) => row.location },
    { header: texts.gateway, value: (row) => row.gateway },
    { header: texts.type, value: (row) => row.type },
    { header: texts.version, value: (row) => row.version },
    temperature(1),
    temperature(2),
    temperature(3),
    { header: texts.calibration, value: (row) => row.calibration },
    { header: texts.sync, value: (row) => syncWord(row.sync, language) },
    { header: texts.signal, value: (row) => row.signal },
    { header: texts.rssi, value: (row) => row.rssi },
    { header: texts.lastOnline, value: (row) => row.lastOnline },
  ];
}
