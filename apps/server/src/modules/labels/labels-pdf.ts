import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { LABEL_SHEET } from '@aquasmart/domain';
import { loadPdfMake, PDF_FONT } from '../../lib/pdfmake';

/**
 * One label as printed: the QR code's text, the title (bold) and the lines beside the code, the
 * line beneath it across the label (a node's EUI in groups, for reading aloud; an outlet's customer /
 * location). Made from a node or an outlet by the service (labels-service.ts).
 */
export interface TPrintedLabel {
  code: string;
  title: string;
  lines: string[];
  footer: string;
  /** The footer's size in points: 10 for an EUI read aloud, smaller for a place. */
  footerSize: number;
}

/**
 * The label sheet as a PDF (docs/field-work.md, "Print labels", "Outlet labels"): A4, 3 x 8 labels
 * of 70 x 37 mm edge to edge, filled row by row. Each label: the QR code (error correction M) on the
 * left, beside it the title and its lines, beneath the footer. The QR code keeps 4 mm to the label's
 * edge (its quiet zone).
 */
const MM = 72 / 25.4;
const LABEL_W = LABEL_SHEET.widthMm * MM;
const LABEL_H = LABEL_SHEET.heightMm * MM;
const PER_SHEET = LABEL_SHEET.columns * LABEL_SHEET.rows;
/** Inside each label: room the printer may shift by, and the QR code's size. */
const PADDING = 4 * MM;
const QR_SIZE = 24 * MM;
const TEXT_COLOUR = '#111827';
const MUTED = '#4b5563';

/** Titles and lines longer than about three lines of the label are cut with "…"; a footer keeps to its one line. */
const NAME_MAX = 60;
const LINE_MAX = 70;
const FOOTER_MAX = 50;
const shortened = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function label(printed: TPrintedLabel, index: number): Content[] {
  const onSheet = index % PER_SHEET;
  const x = (onSheet % LABEL_SHEET.columns) * LABEL_W;
  const y = Math.floor(onSheet / LABEL_SHEET.columns) * LABEL_H;
  const textX = x + PADDING + QR_SIZE + 2 * MM;
  const textWidth = LABEL_W - (textX - x) - PADDING;
  return [
    // pdfmake draws the symbol without a quiet zone: the padding (4 mm, 3.5 modules) is that zone.
    { qr: printed.code, fit: QR_SIZE, eccLevel: 'M', absolutePosition: { x: x + PADDING, y: y + PADDING - 1 * MM } },
    {
      // A column of fixed width: text at an absolute place would otherwise run to the page's edge.
      columns: [
        {
          width: textWidth,
          stack: [
            { text: shortened(printed.title, NAME_MAX), bold: true, fontSize: 9, color: TEXT_COLOUR },
            ...printed.lines.map((line) => ({ text: shortened(line, LINE_MAX), fontSize: 7, color: MUTED, margin: [0, 2, 0, 0] as [number, number, number, number] })),
          ],
        },
      ],
      absolutePosition: { x: textX, y: y + PADDING },
    },
    {
      text: shortened(printed.footer, FOOTER_MAX),
      fontSize: printed.footerSize,
      characterSpacing: printed.footerSize >= 10 ? 0.3 : 0,
      color: TEXT_COLOUR,
      absolutePosition: { x: x + PADDING, y: y + LABEL_H - PADDING - printed.footerSize - 1 },
    },
  ];
}

export function labelsDocument(labels: TPrintedLabel[], title: string): TDocumentDefinitions {
  const content: Content[] = [];
  labels.forEach((printed, index) => {
    // A new sheet before every 25th label; the labels themselves sit at absolute places.
    if (index > 0 && index % PER_SHEET === 0) content.push({ text: '', pageBreak: 'before' });
    content.push(...label(printed, index));
  });
  return {
    pageSize: 'A4',
    pageMargins: [0, 0, 0, 0],
    defaultStyle: { font: PDF_FONT },
    info: { title, producer: 'pdfmake', creationDate: new Date(0) },
    content,
  };
}

export async function renderLabelsPdf(labels: TPrintedLabel[], title: string): Promise<Buffer> {
  const pdfmake = await loadPdfMake();
  return pdfmake.createPdf(labelsDocument(labels, title)).getBuffer();
}
