/**
 * What an attacker sends, as tables: every route of the API gets these path parameters, query
 * strings, bodies and headers in the hostile-input suite (sweep.test.ts). Each must answer a clear
 * 4xx (or a 2xx where it is harmless), never a 5xx, and never hang.
 */

export interface Variant {
  name: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

const json = (name: string, payload: string): Variant => ({ name, headers: { 'content-type': 'application/json' }, payload });

/** Field names the API's payloads use, each given the wrong kind of value. */
const WRONG_TYPES = {
  email: ['a@b.c'],
  email_confirmation: { $ne: null },
  password: 12345678,
  password_confirmation: null,
  name: { toString: 'x' },
  last_name: ['x'],
  role: 'superadmin',
  token: 42,
  changes: { subject: 1 },
  version: '1; DROP TABLE regulations',
  type: ['ordinance'],
  number: 1.5,
  subject: false,
  authors: 'Ana',
  keywords: { 0: 'a' },
  state: 'approved\u0000',
  date: '0000-01-01',
  items: 'x',
  sections: [null],
  startDate: 20240101,
  title: [],
  description: {},
  status: 2,
};

/** Scripts in every text field an attacker can reach. */
const SCRIPTS = Object.fromEntries(
  ['email', 'name', 'last_name', 'subject', 'title', 'description', 'alt', 'search', 'token', 'password', 'video_url', 'minutes_number'].map((field) => [
    field,
    '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>javascript:alert(1)',
  ]),
);

const MULTIPART_BOUNDARY = '----hostile-boundary';
const multipart = (name: string, body: string | Buffer, contentType = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`): Variant => ({
  name,
  headers: { 'content-type': contentType },
  payload: body,
});
const part = (disposition: string, value: string | Buffer, contentType?: string) =>
  Buffer.concat([
    Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n${contentType ? `Content-Type: ${contentType}\r\n` : ''}\r\n`),
    typeof value === 'string' ? Buffer.from(value) : value,
    Buffer.from('\r\n'),
  ]);
const closing = Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`);
const FILE_FIELDS = ['pdf', 'pdf_process', 'pdf_approved', 'image', 'image_left', 'image_right'];
const HTML_AS_PDF = Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n');
const PHP_AS_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<?php system($_GET["c"]); ?>')]);

/** Bodies for every route that reads one (and for every other route too: they must be ignored or refused). */
export const BODY_VARIANTS: readonly Variant[] = [
  json('malformed JSON', '{"email": "a@b.c", '),
  json('JSON null', 'null'),
  json('JSON array', '[]'),
  json('JSON string', '"hola"'),
  json('JSON number past a double', '1e999'),
  json('empty JSON body', ''),
  json('JSON nested 40,000 arrays deep', `${'['.repeat(40_000)}${']'.repeat(40_000)}`),
  json('JSON nested 15,000 objects deep', `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`),
  json('prototype pollution', '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}'),
  json('JSON over the body limit', JSON.stringify({ subject: 'x'.repeat(200_000) })),
  json('wrong types in every field', JSON.stringify(WRONG_TYPES)),
  json('scripts in every text field', JSON.stringify(SCRIPTS)),
  json('control characters and a lone surrogate', '{"name":"a\\u0000b\\u001b[31m","last_name":"\\ud800","email":"x\\u0000@y.z","subject":"\\u0007"}'),
  json('99 KB strings', JSON.stringify({ name: 'n'.repeat(33_000), last_name: 'l'.repeat(33_000), email: `${'e'.repeat(33_000)}@x.y` })),
  json('duplicate keys', '{"role":"user","role":"admin","email":"a@b.c","email":"b@c.d"}'),
  { name: 'JSON in UTF-16', headers: { 'content-type': 'application/json; charset=utf-16' }, payload: Buffer.from('{"a":1}', 'utf16le') },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'hola' },
  { name: 'form-urlencoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40b.c&role=admin' },
  { name: 'XML', headers: { 'content-type': 'application/xml' }, payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { name: 'no content type', payload: '{"a":1}' },
  multipart('multipart without boundary', 'whatever', 'multipart/form-data'),
  multipart('multipart with an empty boundary', '--\r\n\r\n', 'multipart/form-data; boundary='),
  multipart('multipart garbage', Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256))),
  multipart('multipart header only', `--${MULTIPART_BOUNDARY}\r\n`),
  multipart('multipart truncated in a field', Buffer.concat([part('name="subject"', 'Cortado'), Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nordi`)])),
  multipart('multipart truncated in a file', Buffer.concat([Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="pdf"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`), Buffer.alloc(10_000, 0x20)])),
  multipart('multipart part without a name', Buffer.concat([part('filename="x"', 'valor'), closing])),
  multipart('multipart part without a disposition', Buffer.concat([Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nhola\r\n`), closing])),
  multipart('multipart 100 KB part header', Buffer.concat([part(`name="${'h'.repeat(100_000)}"`, 'x'), closing])),
  multipart('multipart 2,000 fields', Buffer.concat([...Array.from({ length: 2000 }, (_, index) => part(`name="keywords[${index}]"`, `palabra${index}`)), closing])),
  multipart('multipart 20 unknown 100 KB fields', Buffer.concat([...Array.from({ length: 20 }, (_, index) => part(`name="junk${index}"`, 'j'.repeat(100_000))), closing])),
  multipart('multipart duplicate single fields', Buffer.concat([part('name="type"', 'ordinance'), part('name="type"', 'decree'), part('name="status"', '1'), part('name="status"', '0'), closing])),
  multipart('multipart a file in a text field', Buffer.concat([part('name="subject"; filename="s.txt"', 'texto', 'text/plain'), part('name="title"; filename="t.txt"', 'texto', 'text/plain'), closing])),
  multipart('multipart HTML dressed as PDF in every file field', Buffer.concat([...FILE_FIELDS.map((field) => part(`name="${field}"; filename="${field}.pdf"`, HTML_AS_PDF, 'application/pdf')), closing])),
  multipart('multipart PHP dressed as PNG in every file field', Buffer.concat([...FILE_FIELDS.map((field) => part(`name="${field}"; filename="shell.png"`, PHP_AS_PNG, 'image/png')), closing])),
  multipart('multipart path traversal in a file name', Buffer.concat([part('name="image"; filename="../../../../etc/passwd"', PHP_AS_PNG, 'image/png'), closing])),
  multipart('multipart an unknown file field', Buffer.concat([part('name="zzz"; filename="x.bin"', Buffer.alloc(1000), 'application/octet-stream'), closing])),
];

/** Query strings for every route (GET filters especially; others must ignore or refuse them). */
export const QUERY_VARIANTS: readonly string[] = [
  'page=-1',
  'page=0',
  'page=1e309',
  'page=99999999999999999999',
  'page[]=1',
  'page=1&page=2',
  'page=0x10',
  `search=${'a'.repeat(5000)}`,
  `search=${encodeURIComponent('árbol '.repeat(300))}`,
  'search=%00%01%1b',
  'search=%E0%A4%A',
  `search=${encodeURIComponent("' OR 1=1; -- & | ! :* <-> ()")}`,
  'numberSearch=-1',
  'numberSearch=1e400',
  'numberSearch=12abc',
  'from=0000-01-01&to=9999-12-31T23:59:59-14:00',
  'from=0099-12-31',
  'from=2023-02-30&to=2023-13-01',
  'startDate=garbage&endDate=2024-01-01',
  'startDate=2100-12-31&endDate=1850-01-01',
  'type=__proto__',
  'type[]=ordinance&type[]=decree',
  'state=approved%27--',
  'author_type=%3Cscript%3E',
  `author=${'x'.repeat(3000)}`,
  'role=admin',
  'role[]=admin',
  'id=abc&rule=modified-by%00',
  'legal_force=in_force%00',
  'expires=abc&signature=%00',
  '__proto__[role]=admin&constructor[prototype][role]=admin',
];

/** Values put in place of every path parameter. */
export const PATH_VARIANTS: readonly string[] = [
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '1.5',
  '0x1f',
  'abc',
  '%00',
  '%20',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '1%27%20OR%20%271%27%3D%271',
  'NaN',
];

/** Authorization headers that are not a token of ours. */
export const AUTH_VARIANTS: readonly Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' },
  { authorization: `Bearer ${'A'.repeat(64)}` },
  { authorization: `Bearer ${'A'.repeat(10_000)}` },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: 'Bearer %00%00%00%00%00%00%00%00%00%00%00%00%00' },
  { authorization: 'bearer ../../../../etc/passwd' },
  { 'device-id': 'x'.repeat(10_000) },
  { 'x-forwarded-for': '127.0.0.1, 10.0.0.1', 'x-real-ip': '127.0.0.1' },
  { 'accept-encoding': 'gzip;q=1e999, *;q=-1' },
  { range: 'bytes=999999999999-', 'if-none-match': '"x"'.repeat(1000) },
];
