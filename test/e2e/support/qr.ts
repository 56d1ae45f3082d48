// Reads QR codes in node, the way a phone camera would: from pixels.
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS with a `default` property; under NodeNext the default import is the module.
const jsQR = jsQRModule.default;

/** The text of the QR code in a PNG image, or null when none is found. */
export function decodeQrPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}
