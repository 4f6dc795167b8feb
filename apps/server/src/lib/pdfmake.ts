import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMake from 'pdfmake';

/** The font of every PDF the server makes (the logbook report, the label sheet). */
export const PDF_FONT = 'Roboto';

type TPdfMake = typeof PdfMake;
let loaded: Promise<TPdfMake> | null = null;

/**
 * pdfmake (on pdfkit), loaded on the first call, not at the server's start, with the embedded
 * Roboto (it has €, ° and every Dutch diacritic), no URL and no other file.
 */
export function loadPdfMake(): Promise<TPdfMake> {
  loaded ??= import('pdfmake').then((module) => {
    const pdfmake = (module as { default?: TPdfMake }).default ?? module;
    const fontDirectory = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
    const font = (file: string) => path.join(fontDirectory, file);
    pdfmake.setFonts({
      [PDF_FONT]: { normal: font('Roboto-Regular.ttf'), bold: font('Roboto-Medium.ttf'), italics: font('Roboto-Italic.ttf'), bolditalics: font('Roboto-MediumItalic.ttf') },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDirectory + path.sep));
    return pdfmake;
  });
  return loaded;
}
