/**
 * Whether the bytes start as a PDF: `%PDF-1.x` or `%PDF-2.x` at byte 0, whatever the name or declared
 * type. Only the first test: whether the file opens as a PDF is for the document worker to say.
 */
export function startsAsPdf(content: Buffer): boolean {
  return /^%PDF-[12]\.\d/.test(content.subarray(0, 8).toString('latin1'));
}
