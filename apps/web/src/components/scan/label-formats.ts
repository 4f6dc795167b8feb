/** What labels are printed as: a QR code (ours, TR005), a Data Matrix, a Code 128 barcode. */
export const LABEL_FORMATS = ['qr_code', 'data_matrix', 'code_128'] as const;

/** The part of the Barcode Detection API the scanner uses. */
export interface TBarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
