import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { LABEL_FORMATS, type TBarcodeReader } from './label-formats';

/** ZXing in WebAssembly, its .wasm from our own server (by default it would come from a CDN). */
export async function zxingReader(): Promise<TBarcodeReader> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...LABEL_FORMATS] });
}
