import type { TWorkerPool } from '../../lib/worker-pool';
import type { TLogbookRenderers } from './logbook-service';
import type { renderLogbookCsv } from './report-csv';
import type { renderLogbookPdf } from './report-pdf';

/**
 * The logbook's PDF and CSV rendered on the worker pool's threads (docs/logbook.md, "Speed"): a
 * report's layout takes up to seconds of CPU and would stop every other request meanwhile. The
 * thread loads report-pdf.ts (and pdfmake) on its first task.
 */
export function threadedLogbookRenderers(pool: TWorkerPool): TLogbookRenderers {
  return {
    pdf: pool.task<typeof renderLogbookPdf>(new URL('./report-pdf.ts', import.meta.url), 'renderLogbookPdf'),
    csv: pool.task<typeof renderLogbookCsv>(new URL('./report-csv.ts', import.meta.url), 'renderLogbookCsv'),
  };
}
