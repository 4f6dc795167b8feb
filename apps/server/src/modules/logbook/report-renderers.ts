import type { TWorkerPool } from '../../lib/worker-pool';
import type { TLogbookRenderers } from './logbook-service';
import type { renderLogbookCsv } from './report-csv';
import type { renderLogbookPdf } from './report-pdf';
import { signatureOf, type TLogbookSigner } from './report-signature';

/**
 * The logbook's PDF and CSV rendered on the worker pool's threads (docs/logbook.md, "Speed"): a
 * report's layout takes up to seconds of CPU and would stop every other request meanwhile. The
 * thread loads report-pdf.ts (and pdfmake) on its first task. An issued PDF is signed on the same
 * thread, right after its layout (report-signature.ts), with the key `signer` finds.
 */
export function threadedLogbookRenderers(pool: TWorkerPool, signer: TLogbookSigner): TLogbookRenderers {
  const pdf = pool.task<typeof renderLogbookPdf>(new URL('./report-pdf.ts', import.meta.url), 'renderLogbookPdf');
  return {
    pdf: (report, language, options) => pdf(report, language, options),
    csv: pool.task<typeof renderLogbookCsv>(new URL('./report-csv.ts', import.meta.url), 'renderLogbookCsv'),
    async signedPdf(report, language, options) {
      const signing = await signer.signing();
      return { pdf: await pdf(report, language, options ?? {}, signing), signature: signatureOf(signing) };
    },
  };
}
