import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateBombPdf, FLATE_SPELLINGS, lzwEncode, lzwZeroBomb, zlibBomb } from '../../test/hostile-documents.js';
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

  it.each(Object.keys(FLATE_SPELLINGS) as (keyof typeof FLATE_SPELLINGS)[])('recognises a deflate bomb whose filter is written %s', (spelling) => {
    expect(() => assertDecodedSizeWithin(deflateBombPdf(256 * MB, FLATE_SPELLINGS[spelling]))).toThrow(DecodedSizeExceeded);
    // The same spelling of an honest stream is counted, not refused.
    expect(assertDecodedSizeWithin(deflateBombPdf(MB, FLATE_SPELLINGS[spelling]))).toBeGreaterThanOrEqual(MB);
  });

  it('decodes LZW as PDF writes it (ISO 32000-1, 7.4.4.2) and recognises an LZW bomb', () => {
    const example = Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    const lzwPdf = (data: Buffer, filter = '/Filter /LZWDecode') => flatePdf([data]).toString('latin1').replace('/Filter /FlateDecode', filter);
    expect(assertDecodedSizeWithin(Buffer.from(lzwPdf(example), 'latin1'))).toBe('-----A---B'.length);
    const text = Buffer.from('Ordenanza de tránsito pesado, artículo primero. '.repeat(2000));
    expect(assertDecodedSizeWithin(Buffer.from(lzwPdf(lzwEncode(text), '/Filter /LZW'), 'latin1'))).toBe(text.length);
    // The bomb writes what lzwEncode writes for zeros, without reading 80 MB of them.
    expect(lzwZeroBomb(300_000).equals(lzwEncode(Buffer.alloc(300_000)))).toBe(true);
    const bomb = lzwZeroBomb(80 * MB);
    expect(bomb.length).toBeLessThan(MB);
    expect(() => assertDecodedSizeWithin(Buffer.from(lzwPdf(bomb), 'latin1'))).toThrow(DecodedSizeExceeded);
  });

  it('counts run-length and ASCII streams, and stops at the image filters pdf.js decodes itself', () => {
    const runs = Buffer.concat([...Array.from({ length: 1000 }, () => Buffer.from([129, 0x41])), Buffer.from([128])]);
    const pdf = (data: Buffer, filter: string) => Buffer.from(flatePdf([data]).toString('latin1').replace('/Filter /FlateDecode', filter), 'latin1');
    expect(assertDecodedSizeWithin(pdf(runs, '/Filter /RL'))).toBe(128_000);
    expect(assertDecodedSizeWithin(pdf(Buffer.from('48 6f 6c 61>'), '/Filter /ASCIIHexDecode'))).toBe(4);
    // A JPEG written in hex: the hex is decoded, the JPEG is pdf.js's (and the worker's limits').
    expect(assertDecodedSizeWithin(pdf(Buffer.from('ffd8ffe0>'), '/Filter [/AHx /DCTDecode]'))).toBe(4);
  });

  it('ignores damaged streams (pdf.js and the worker limits deal with them)', () => {
    const pdf = flatePdf([Buffer.from('not zlib at all')]);
    expect(assertDecodedSizeWithin(pdf)).toBe(0);
  });
});
