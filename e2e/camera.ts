import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { chromium, type Browser } from './portal';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';

/**
 * A camera for the browser tests: Chromium's fake capture device playing a Y4M video of a QR code
 * drawn here (black modules on white, 8 pixels each, a quiet zone of 4 modules), so the scanner
 * reads what a phone would read off a label.
 */
const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 8;
const QUIET_MODULES = 4;
/** Y of white and black in the video's range (limited range, BT.601). */
const WHITE = 235;
const BLACK = 16;

/** A Y4M file (4:2:0) of a still QR code holding `text`; its path. */
export function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const side = (size + 2 * QUIET_MODULES) * MODULE_PX;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 128);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / MODULE_PX) - QUIET_MODULES;
      const column = Math.floor(x / MODULE_PX) - QUIET_MODULES;
      const dark = row >= 0 && column >= 0 && row < size && column < size && qr.modules.get(row, column);
      luma[(top + y) * WIDTH + left + x] = dark ? BLACK : WHITE;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-camera-')), 'label.y4m');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

/** A Chromium whose camera shows a QR code of `text`, the camera allowed without asking. */
export async function browserWithCamera(text: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(text)}`,
    ],
  });
}
