import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateBombPdf, zlibBomb } from '../../test/hostile-documents.js';
import { timedSync } from '../../test/machine-speed.js';
import { minimalPdf } from '../minimal-pdf.js';
import { assertDecodedSizeWithin, DecodedSizeExceeded } from './decoded-size.js';

const MB = 1024 * 1024;

function flatePdf(streams: readonly Buffer[]): Buffer {
  const parts = streams.map((stream, index) =>
    Buffer.concat([Buffer.from(`${index + 1} 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\r\n`), stream, Buffer.from('\r\nendstream\nendobj\n')]),
  );
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), ...parts, Buffer.from('%%EOF\n')]);
}

describe('decoded size of a PDF', () => {
  it('adds up what every Flate stream inflates to', () => {
    const pdf = flatePdf([deflateSync(Buffer.alloc(3 * MB, 'a')), deflateSync(Buffer.alloc(MB, 'b'))]);
    expect(assertDecodedSizeWithin(pdf, { maxStreamBytes: 4 * MB, maxDocumentBytes: 8 * MB })).toBe(4 * MB);
    expect(assertDecodedSizeWithin(minimalPdf(['sin compresión']))).toBe(0);
  });

  it('stops at a stream past its limit', () => {
    const pdf = flatePdf([deflateSync(Buffer.alloc(5 * MB))]);
    expect(() => assertDecodedSizeWithin(pdf, { maxStreamBytes: 4 * MB, maxDocumentBytes: 100 * MB })).toThrow(DecodedSizeExceeded);
  });

  it('stops at a document past its limit, however its streams are split', () => {
    const pdf = flatePdf(Array.from({ length: 10 }, () => deflateSync(Buffer.alloc(MB))));
    expect(() => assertDecodedSizeWithin(pdf, { maxStreamBytes: 4 * MB, maxDocumentBytes: 9 * MB })).toThrow(DecodedSizeExceeded);
  });

  it('counts a stream cut short as far as it inflates', () => {
    const whole = deflateSync(Buffer.alloc(6 * MB));
    const pdf = flatePdf([whole.subarray(0, Math.floor(whole.length * 0.9))]);
    expect(() => assertDecodedSizeWithin(pdf, { maxStreamBytes: 4 * MB, maxDocumentBytes: 100 * MB })).toThrow(DecodedSizeExceeded);
  });

  it('recognises a 1 GB deflate bomb after decoding no more than the limit', () => {
    expect(zlibBomb(64 * MB).length).toBeLessThan(100 * 1024);
    // Within 3 s on an idle machine, scaled by the machine's slowdown when it is loaded.
    const { ms, limitMs, factor } = timedSync(3_000, () => expect(() => assertDecodedSizeWithin(deflateBombPdf(1024 * MB))).toThrow(DecodedSizeExceeded));
    expect(ms, `slowdown x${factor.toFixed(1)}`).toBeLessThan(limitMs);
  });

  it('ignores damaged streams (pdf.js and the worker limits deal with them)', () => {
    const pdf = flatePdf([Buffer.from('not zlib at all')]);
    expect(assertDecodedSizeWithin(pdf)).toBe(0);
  });
});
