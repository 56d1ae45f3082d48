// The default preview image: a real PNG of the size link previews expect, small enough
// for crawlers that give up on large images.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_SIZE } from '../../src/server/redirect/preview-page.js';

const FILE = new URL('../../src/web/public/og-image.png', import.meta.url);

describe('default preview image', () => {
  it('is a PNG of the size the preview page announces (1200×630), under 100 KB', () => {
    const png = fs.readFileSync(FILE);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR is the first chunk: width and height are its first two 32-bit fields.
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(DEFAULT_IMAGE_SIZE.width);
    expect(png.readUInt32BE(20)).toBe(DEFAULT_IMAGE_SIZE.height);
    expect(DEFAULT_IMAGE_SIZE).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeLessThan(100 * 1024);
  });
});
