import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { euiGroups, LABEL_SHEET } from '@aquasmart/domain';
import { loadPdfMake, PDF_FONT } from '../../lib/pdfmake';
import type { TLabelNode } from './labels-repository';

/**
 * The label sheet as a PDF (docs/field-work.md, "Print labels"): A4, 3 x 8 labels of 70 x 37 mm
 * edge to edge, filled row by row. Each label: the QR code of the EUI (16 hexadecimal digits, error
 * correction M) on the left, beside it the node's name and its customer / location, beneath the EUI
 * in groups of four. The QR code keeps 4 mm to the label's edge (its quiet zone).
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

/** Names and places longer than about three lines of the label are cut with "…". */
const NAME_MAX = 60;
const PLACE_MAX = 70;
const shortened = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function label(node: TLabelNode, index: number): Content[] {
  const onSheet = index % PER_SHEET;
  const x = (onSheet % LABEL_SHEET.columns) * LABEL_W;
  const y = Math.floor(onSheet / LABEL_SHEET.columns) * LABEL_H;
  const textX = x + PADDING + QR_SIZE + 2 * MM;
  const textWidth = LABEL_W - (textX - x) - PADDING;
  const place = [node.customer, node.location].filter(Boolean).join(' / ');
  return [
    // pdfmake draws the symbol without a quiet zone: the padding (4 mm, 3.5 modules) is that zone.
    { qr: node.eui, fit: QR_SIZE, eccLevel: 'M', absolutePosition: { x: x + PADDING, y: y + PADDING - 1 * MM } },
    {
      // A column of fixed width: text at an absolute place would otherwise run to the page's edge.
      columns: [
        {
          width: textWidth,
          stack: [
            { text: shortened(node.name || node.eui, NAME_MAX), bold: true, fontSize: 9, color: TEXT_COLOUR },
            place ? { text: shortened(place, PLACE_MAX), fontSize: 7, color: MUTED, margin: [0, 2, 0, 0] } : { text: '' },
          ],
        },
      ],
      absolutePosition: { x: textX, y: y + PADDING },
    },
    { text: euiGroups(node.eui), fontSize: 10, characterSpacing: 0.3, color: TEXT_COLOUR, absolutePosition: { x: x + PADDING, y: y + LABEL_H - PADDING - 11 } },
  ];
}

export function labelsDocument(nodes: TLabelNode[], title: string): TDocumentDefinitions {
  const content: Content[] = [];
  nodes.forEach((node, index) => {
    // A new sheet before every 25th label; the labels themselves sit at absolute places.
    if (index > 0 && index % PER_SHEET === 0) content.push({ text: '', pageBreak: 'before' });
    content.push(...label(node, index));
  });
  return {
    pageSize: 'A4',
    pageMargins: [0, 0, 0, 0],
    defaultStyle: { font: PDF_FONT },
    info: { title, producer: 'pdfmake', creationDate: new Date(0) },
    content,
  };
}

export async function renderLabelsPdf(nodes: TLabelNode[], title: string): Promise<Buffer> {
  const pdfmake = await loadPdfMake();
  return pdfmake.createPdf(labelsDocument(nodes, title)).getBuffer();
}
