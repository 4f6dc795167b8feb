/**
 * Reads node and outlet labels from a camera image (docs/field-work.md, "Scan"): the browser's own
 * `BarcodeDetector` where it reads the three formats, otherwise ZXing compiled to WebAssembly
 * (`barcode-detector`'s ponyfill), loaded only now, when the camera opens. The .wasm is bundled and
 * served by the portal itself (plants have no internet to spare and a CDN is no dependency of ours).
 */

import { LABEL_FORMATS, type TBarcodeReader } from './label-formats';

export type { TBarcodeReader } from './label-formats';

interface TNativeDetectorClass {
  new (options: { formats: string[] }): TBarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's detector when it knows all three formats, else null. */
async function nativeReader(): Promise<TBarcodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: TNativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!LABEL_FORMATS.every((format) => supported.includes(format))) return null;
    return new Native({ formats: [...LABEL_FORMATS] });
  } catch {
    return null;
  }
}

export async function openBarcodeReader(): Promise<TBarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { zxingReader } = await import('./zxing-reader');
  return zxingReader();
}
