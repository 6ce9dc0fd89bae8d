import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createEncodedCopies, preferredEncoding } from './encoded-copies.js';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate', null],
    // A malformed weight is ignored, as if the coding had none.
    ['br;q=abc', 'br'],
    ['', null],
    [undefined, null],
  ])('%s: %s', (accepted, expected) => {
    expect(preferredEncoding(accepted)).toBe(expected);
  });

  it('reads only the first 20 codings of a header however long', () => {
    expect(preferredEncoding(`${'x, '.repeat(100_000)}br`)).toBeNull();
  });
});

describe('createEncodedCopies', () => {
  it('compresses a text once per owner and encoding', async () => {
    let reads = 0;
    const copyOf = createEncodedCopies((owner: { text: string }) => {
      reads += 1;
      return owner.text;
    });
    const answer = { text: 'normativa '.repeat(500) };
    const first = copyOf(answer, 'br');
    expect(copyOf(answer, 'br')).toBe(first);
    expect(brotliDecompressSync(await first).toString()).toBe(answer.text);
    expect(gunzipSync(await copyOf(answer, 'gzip')).toString()).toBe(answer.text);
    expect(reads).toBe(2);
    // Another owner (a new answer for the same search) gets its own copy.
    const changed = { text: 'ordenanza '.repeat(500) };
    expect(brotliDecompressSync(await copyOf(changed, 'br')).toString()).toBe(changed.text);
  });
});
