/** Whether the bytes are a PDF: by content (the `%PDF-` header and an `%%EOF` near the end), not by name or declared type. */
export function looksLikePdf(content: Buffer): boolean {
  if (content.length < 64) return false;
  // The header may follow a little junk (the PDF spec allows it within the first 1024 bytes).
  const head = content.subarray(0, 1024).toString('latin1');
  const start = head.indexOf('%PDF-');
  if (start === -1 || !/^%PDF-\d\.\d/.test(head.slice(start))) return false;
  const tail = content.subarray(Math.max(0, content.length - 2048)).toString('latin1');
  return tail.includes('%%EOF');
}
