import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { renderLogbookPdf } from './report-pdf';
import { renderLogbookCsv } from './report-csv';
import { customerReport, germanReport, issuedBefore39, locationReport } from './report.fixture';
it('renders', async () => {
  writeFileSync('/tmp/rf/nl.pdf', await renderLogbookPdf(locationReport, 'nl'));
  writeFileSync('/tmp/rf/en.pdf', await renderLogbookPdf(customerReport, 'en'));
  writeFileSync('/tmp/rf/de.pdf', await renderLogbookPdf(germanReport, 'de'));
  writeFileSync('/tmp/rf/old.pdf', await renderLogbookPdf(issuedBefore39(locationReport), 'nl'));
  writeFileSync('/tmp/rf/nl.csv', renderLogbookCsv(locationReport, 'nl'));
});
