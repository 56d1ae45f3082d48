// A page that is the same for every visitor of the day but for one short piece per response
// (the CSP nonce), sent gzip-compressed without compressing it per response.
//
// Why: on a phone over mobile data the HTML's size decides when the first paint happens (a
// 28 KB page takes two more round trips than its 6 KB gzip), yet compressing each response
// costs ~0.3 ms of CPU, and the 404 page is what a flood of random aliases gets.
//
// How: DEFLATE (RFC 1951) is a sequence of blocks. The day's head and tail are compressed once,
// each by its own compressor ending on a sync flush (byte-aligned, not final); per response only
// the few bytes around the nonce are compressed the same way, and a final empty block closes the
// stream. Blocks from independent compressors never refer back across the seams, so the
// concatenation is one valid stream. The gzip wrapper (RFC 1952) adds a fixed header and a
// trailer: CRC-32 of the whole text (carried on from the head's, precomputed) and its length.
import zlib from 'node:zlib';

export interface NoncedDocument {
  /** The page with this response's nonce in it. */
  text(nonce: string): string;
  /** The same as UTF-8 bytes, without encoding the whole page again for each response. */
  bytes(nonce: string): Buffer;
  /** The same page, gzip-compressed. */
  gzip(nonce: string): Buffer;
}

/** ID1 ID2, CM=deflate, no flags, no mtime, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 6 } as const;
/** A final, empty fixed-Huffman block: closes the stream after sync-flushed pieces. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * CRC-32 of `data` carried on from `previous`. Empty data leaves it as it is: Node 20's
 * zlib.crc32 answered 0 for an empty buffer once that buffer had been through deflateRawSync.
 */
const crcOn = (data: Buffer, previous: number): number => (data.length === 0 ? previous : zlib.crc32(data, previous));

export function createNoncedDocument(head: string, middle: (nonce: string) => string, tail: string): NoncedDocument {
  // Held as UTF-8 bytes from the start, the strings let go (no closure below names them): a page
  // kept for the day, or in the alias pages' cache, costs its bytes once, not its text as well
  // (a page with a character outside Latin-1 is a two-byte string in V8, ~300 KB with the CSS).
  let headBytes: Buffer | undefined = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const headLength = headBytes.length;
  // Compressed on first use: a page rendered for one request may need only one form.
  let compressed: { headDeflated: Buffer; tailDeflated: Buffer; headCrc: number } | undefined;
  // Once compressed, a page only ever sent compressed (the app shell's inline-CSS form) lets its
  // head's bytes go too; bytes() then gets them back from the compressed head, once.
  let bytesWanted = false;
  const headOf = (): Buffer => (headBytes ??= zlib.inflateRawSync(compressedOf().headDeflated, SYNC));
  const compressedOf = () => {
    if (compressed === undefined) {
      const bytes = headOf();
      compressed = { headDeflated: zlib.deflateRawSync(bytes, SYNC), tailDeflated: zlib.deflateRawSync(tailBytes, SYNC), headCrc: crcOn(bytes, 0) };
      if (!bytesWanted) headBytes = undefined;
    }
    return compressed;
  };
  const bytes = (nonce: string): Buffer => {
    bytesWanted = true;
    return Buffer.concat([headOf(), Buffer.from(middle(nonce), 'utf8'), tailBytes]);
  };
  return {
    text: (nonce) => bytes(nonce).toString('utf8'),
    bytes,
    gzip(nonce) {
      const { headDeflated, tailDeflated, headCrc } = compressedOf();
      const middleBytes = Buffer.from(middle(nonce), 'utf8');
      const crc = crcOn(tailBytes, crcOn(middleBytes, headCrc));
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      // ISIZE: the length modulo 2^32 (a page is far below).
      trailer.writeUInt32LE((headLength + middleBytes.length + tailBytes.length) >>> 0, 4);
      return Buffer.concat([GZIP_HEADER, headDeflated, zlib.deflateRawSync(middleBytes, SYNC), tailDeflated, FINAL_EMPTY_BLOCK, trailer]);
    },
  };
}
