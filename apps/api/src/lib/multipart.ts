import type { WriteStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { z } from 'zod';
import { BodyTimeout, HttpError } from './errors.js';
import { parseFormFields } from './form-fields.js';
import { SPOOLED_HEAD_BYTES, type SpooledFile, type SpoolSession, type UploadSpool } from './upload-spool.js';

export type { SpooledFile } from './upload-spool.js';

export const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** Largest value of a text field that declares no limit of its own. */
export const SMALL_FIELD_BYTES = 64 * 1024;
/** Largest header block of one part: a name, a file name and a type need far less. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
/** What one part may add to the body besides its value: the boundary line and its headers. */
const PART_OVERHEAD_BYTES = MAX_PART_HEADER_BYTES + 256;
/** A list whose schema gives no maximum may have this many items. */
const DEFAULT_LIST_ITEMS = 100;
/** Field names echoed in an error are cut to this length. */
const MAX_NAME_SHOWN = 100;

export const MULTIPART_MESSAGES = {
  notMultipart: 'El formulario debe enviarse como multipart/form-data.',
  malformed: 'El formulario enviado está incompleto o dañado.',
  tooManyParts: 'El formulario tiene demasiados campos o archivos.',
  formTooLarge: 'El formulario es demasiado grande.',
  fieldTooLarge: 'Un campo del formulario es demasiado largo.',
  unnamed: 'El formulario tiene un campo sin nombre.',
  unknown: 'Campo desconocido.',
  repeated: 'Este campo se envió más de una vez.',
  fileInText: 'Este campo no admite archivos.',
  textInFile: 'Este campo debe ser un archivo.',
  notSaved: 'El servidor no pudo guardar el archivo. Intente de nuevo en unos minutos.',
} as const;

export interface TextFieldRule {
  /** Sent as `name[]` (or `name[3]`) and collected into an array under `name`. */
  list: boolean;
  /** Most items of a list. */
  maxItems: number;
  maxBytes: number;
  tooLargeMessage: string;
  /** Kept as its bytes (a Buffer), never decoded on the event loop: a large field's reader decodes it. */
  bytes: boolean;
}

export interface FileFieldRule {
  maxBytes: number;
  tooLargeMessage: string;
  /**
   * Written to a file of the spool folder as it arrives (a SpooledFile) rather than kept in memory (a
   * Buffer): for files of megabytes that are only checked and stored, never decoded here.
   */
  spool?: boolean;
}

/** What a file field holds once read: a spooled field's file on disk, any other's bytes. */
export type FileValue<R extends FileFieldRule> = R extends { spool: true } ? SpooledFile : R extends { spool: false } ? Buffer : 'spool' extends keyof R ? Buffer | SpooledFile : Buffer;

/** A form's files by field: its value, `null` when sent empty (meaning "remove"), absent when not sent. */
export type FormFiles<F extends Record<string, FileFieldRule>> = { [K in keyof F]?: FileValue<F[K]> | null };

/** What one route's form may hold: every other name is refused before its value is read. */
export interface MultipartSpec<S extends z.ZodObject | undefined = z.ZodObject | undefined, L extends string = string, F extends Record<string, FileFieldRule> = Record<string, FileFieldRule>> {
  /** The contract's schema of the text fields (the API documentation shows it). */
  schema: S;
  /** The schema the form is parsed with before the handler runs: the contract's, with each large field as bytes. */
  parser: z.ZodObject | undefined;
  /** The large fields (kept as bytes). */
  large: readonly L[];
  text: ReadonlyMap<string, TextFieldRule>;
  /** The file fields by name (looked up as own properties only: a part named `constructor` is unknown). */
  files: Readonly<F>;
  /** Whether a file field is spooled: the route's handler then runs in a spool session (acceptMultipart). */
  spools: boolean;
  /** Most parts (text values and files) in one form. */
  maxParts: number;
  /** Most bytes in the whole body. */
  maxBytes: number;
}

/**
 * A route's form: text fields named by the contract's schema of its fields (an array in the schema is a
 * list, sent as `name[]`) and/or by `names`, each at most SMALL_FIELD_BYTES, and its file fields with
 * their limits. The counts follow: one part per single field and file, as many as the schema allows
 * (plus one, so its own message tells) per list.
 *
 * A `large` field (megabytes of text) is read as its bytes: decoding, trimming and checking 12 MB would
 * hold the event loop for tens of milliseconds, so the handler hands the bytes to a worker that applies
 * the contract's own rules to them. The form's parse checks only that it was sent when it must be.
 */
export function multipartSpec<S extends z.ZodObject | undefined = undefined, L extends string = never, F extends Record<string, FileFieldRule> = Record<never, FileFieldRule>>(options: {
  schema?: S;
  names?: readonly string[];
  large?: Record<L, { maxBytes: number; tooLargeMessage: string }>;
  files?: F;
}): MultipartSpec<S, L, F> {
  const text = new Map<string, TextFieldRule>();
  const fields: [string, unknown][] = [...Object.entries(options.schema?.shape ?? {}), ...(options.names ?? []).map((name): [string, unknown] => [name, undefined])];
  for (const [name, type] of fields) {
    const maxItems = type === undefined ? undefined : listMaximum(type);
    const large = (options.large as Record<string, { maxBytes: number; tooLargeMessage: string }> | undefined)?.[name];
    text.set(name, {
      list: maxItems !== undefined,
      maxItems: maxItems ?? 1,
      maxBytes: large?.maxBytes ?? SMALL_FIELD_BYTES,
      tooLargeMessage: large?.tooLargeMessage ?? MULTIPART_MESSAGES.fieldTooLarge,
      bytes: large !== undefined,
    });
  }
  const largeNames = Object.keys(options.large ?? {}) as L[];
  for (const name of largeNames) {
    const rule = text.get(name);
    if (!rule) throw new Error(`multipartSpec: large field ${name} is not a field of the form`);
    if (rule.list) throw new Error(`multipartSpec: large field ${name} cannot be a list`);
  }
  const fileRules: FileFieldRule[] = Object.values(options.files ?? {});
  let maxParts = fileRules.length;
  let maxBytes = 0;
  for (const rule of text.values()) {
    maxParts += rule.maxItems;
    maxBytes += rule.maxItems * rule.maxBytes;
  }
  for (const rule of fileRules) maxBytes += rule.maxBytes;
  return {
    schema: options.schema as S,
    parser: options.schema && largeNames.length ? options.schema.extend(Object.fromEntries(largeNames.map((name) => [name, sentAsBytes(options.schema!.shape[name] as z.ZodType)]))) : options.schema,
    large: largeNames,
    text,
    // With no files declared, F is the empty record.
    files: options.files ?? ({} as F),
    spools: fileRules.some((rule) => rule.spool),
    maxParts,
    maxBytes: maxBytes + maxParts * PART_OVERHEAD_BYTES + 1024,
  };
}

/**
 * A large field in the form's parse: its bytes, required or optional as the contract's field is, with
 * the contract's own message when it is missing (its text is checked later, by the handler's worker).
 */
function sentAsBytes(field: z.ZodType): z.ZodType {
  const missing = field.safeParse(undefined);
  if (missing.success) return z.instanceof(Buffer).optional();
  return z.instanceof(Buffer, { error: missing.error.issues[0]?.message });
}

/** The item limit of a list field (an array in the schema, under optional/default/pipes), or undefined. */
function listMaximum(type: unknown): number | undefined {
  const def = (type as { _zod?: { def?: ZodDefLike } })._zod?.def;
  if (!def) return undefined;
  if (def.type === 'array') {
    const max = def.checks?.map((check) => check._zod.def).find((check) => check.check === 'max_length')?.maximum;
    return (max ?? DEFAULT_LIST_ITEMS) + 1;
  }
  if (def.innerType) return listMaximum(def.innerType);
  if (def.type === 'pipe') return listMaximum(def.in) ?? listMaximum(def.out);
  return undefined;
}

interface ZodDefLike {
  type: string;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  checks?: { _zod: { def: { check?: string; maximum?: number } } }[];
}

export interface MultipartForm {
  /** Text fields; `name[]` and `name[3]` collect into arrays under `name`; a large field is its bytes. */
  fields: Record<string, string | string[] | Buffer>;
  /** Each file field: its bytes or spooled file, or `null` when sent empty (meaning "remove"). Absent when not sent. */
  files: Record<string, Buffer | SpooledFile | null>;
}

/** The spool session of each request whose route spools files (set by acceptMultipart's handler wrapper). */
const spoolSessions = new WeakMap<FastifyRequest, SpoolSession>();

/**
 * Multipart bodies are read by the route that expects them (readMultipartForm), part by part. A route
 * whose form spools files (its `config.multipart`) runs its handler in a spool session, whose files
 * are removed before the answer goes (onSend: the handler sent it, so it is done with them) and in
 * any case when the handler ends (a thrown error, or a client gone, for whom no answer is sent).
 */
export function acceptMultipart(app: FastifyInstance, spool: UploadSpool): void {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  app.addHook('onRoute', (route) => {
    if (!route.config?.multipart?.spools) return;
    const handler = route.handler;
    route.handler = async function inSpoolSession(request, reply) {
      const session = spool.session();
      spoolSessions.set(request, session);
      try {
        return await handler.call(this, request, reply);
      } finally {
        await session.removeAll();
      }
    };
    route.onSend = [route.onSend ?? [], removeSpooledFiles].flat();
  });
}

const removeSpooledFiles: onSendHookHandler = async (request, _reply, payload) => {
  await spoolSessions.get(request)?.removeAll();
  return payload;
};

/**
 * Reads a multipart form, each part against the route's spec as soon as its headers arrive: an
 * undeclared name, a second value of a single field, a file where text goes (or the other way round)
 * and a value past its own limit stop the reading there (422 or 413 naming the field; the rest of the
 * body is never read and the connection closes). A malformed body gets 422, never a 500. Text and
 * small files are kept in memory; a spooled file field goes to disk as it arrives (503 if it cannot
 * be written).
 */
export async function readMultipartForm<S extends z.ZodObject | undefined, L extends string, F extends Record<string, FileFieldRule>>(
  request: FastifyRequest,
  spec: MultipartSpec<S, L, F>,
): Promise<ParsedMultipartForm<S, L, F>> {
  const form = await readRawForm(request, spec);
  // The schema reads every text field through: other requests go first.
  await nextTurn();
  // The reader kept each file as its field's rule says (FileValue); the schema typed the fields.
  return { fields: (spec.parser ? parseFormFields(spec.parser, form.fields) : form.fields) as ParsedMultipartForm<S, L, F>['fields'], files: form.files as FormFiles<F> };
}

/** A form read and its text fields parsed with the route's schema (422 by field when they do not fit). */
export interface ParsedMultipartForm<S extends z.ZodObject | undefined, L extends string = never, F extends Record<string, FileFieldRule> = Record<string, FileFieldRule>> {
  fields: S extends z.ZodObject ? WithBytes<z.output<S>, L> : MultipartForm['fields'];
  files: FormFiles<F>;
}

/** The parsed fields with each large field as its bytes (optional when the contract's field is). */
type WithBytes<T, L extends string> = { [K in keyof T]: K extends L ? (undefined extends T[K] ? Buffer | undefined : Buffer) : T[K] };

async function readRawForm(request: FastifyRequest, spec: MultipartSpec): Promise<MultipartForm> {
  const session = spoolSessions.get(request);
  if (spec.spools && !session) throw new Error(`readMultipartForm: ${request.routeOptions.url} reads a form that spools files but does not declare it as config.multipart`);
  if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
    throw new HttpError(422, MULTIPART_MESSAGES.notMultipart, { body: [MULTIPART_MESSAGES.notMultipart] });
  }
  const declared = Number(request.headers['content-length']);
  if (declared > spec.maxBytes) throw stopped(413, MULTIPART_MESSAGES.formTooLarge, 'body');
  return new FormReader(request.raw, spec, request.log, session).read();
}

class FormReader {
  private readonly form: MultipartForm = { fields: {}, files: {} };
  private readonly seen = new Set<string>();
  private readonly listItems = new Map<string, number>();
  /** Spooled files still being written: closed at once when the reading fails. */
  private readonly writing = new Set<WriteStream>();
  private received = 0;
  private openParts = 0;
  private parsed = false;
  private settled = false;
  private resolve: (form: MultipartForm) => void = () => {};
  private reject: (error: HttpError) => void = () => {};
  private busboy: ReturnType<typeof Busboy> | undefined;

  constructor(
    private readonly raw: FastifyRequest['raw'],
    private readonly spec: MultipartSpec,
    private readonly log: FastifyBaseLogger,
    private readonly spool: SpoolSession | undefined,
  ) {}

  read(): Promise<MultipartForm> {
    return new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      try {
        this.busboy = Busboy({
          headers: this.raw.headers as { 'content-type': string },
          // Every part arrives as a stream, so each is measured against its own limit while it is read.
          isPartAFile: () => true,
          limits: { parts: this.spec.maxParts, headerSize: MAX_PART_HEADER_BYTES, headerPairs: 16 },
        });
      } catch {
        // No boundary, or a content type busboy cannot parse.
        this.fail(stopped(422, MULTIPART_MESSAGES.malformed, 'body'));
        return;
      }
      this.busboy.on('file', (name, stream, filename, _encoding, mimeType) => this.onPart(name, stream, filename, mimeType));
      this.busboy.on('partsLimit', () => this.fail(stopped(422, MULTIPART_MESSAGES.tooManyParts, 'body')));
      this.busboy.on('error', () => this.fail(stopped(422, MULTIPART_MESSAGES.malformed, 'body')));
      this.busboy.on('finish', () => {
        this.parsed = true;
        this.finishIfDone();
      });
      this.busboy.on('drain', () => {
        if (!this.settled) this.raw.resume();
      });
      // A connection already gone (its client, or the body's time limit) will send nothing more.
      if (this.raw.destroyed) return this.onAborted();
      this.raw.on('data', this.onData);
      this.raw.on('end', this.onEnd);
      this.raw.on('error', this.onError);
      this.raw.on('close', this.onClose);
    });
  }

  private readonly onData = (chunk: Buffer) => {
    if (this.settled) return;
    this.received += chunk.length;
    if (this.received > this.spec.maxBytes) return this.fail(stopped(413, MULTIPART_MESSAGES.formTooLarge, 'body'));
    if (!this.busboy!.write(chunk)) this.raw.pause();
  };

  private readonly onEnd = () => {
    if (!this.settled) this.busboy!.end();
  };

  private readonly onAborted = () => this.fail(stopped(422, MULTIPART_MESSAGES.malformed, 'body'));

  /** The body's time limit (lib/body-timeout.ts) is answered as it is: 408, the upload removed. */
  private readonly onError = (error: unknown) => (error instanceof BodyTimeout ? this.fail(error) : this.onAborted());

  private readonly onClose = () => {
    if (!this.raw.readableEnded) this.onAborted();
  };

  private onPart(name: string | undefined, stream: BusboyFileStream, filename: string | undefined, mimeType: string | undefined) {
    // Dicer reports a part cut short on its stream; without a listener that would crash the process.
    stream.on('error', () => this.fail(stopped(422, MULTIPART_MESSAGES.malformed, 'body')));
    if (this.settled) {
      stream.resume();
      return;
    }
    const sentAsFile = filename !== undefined || mimeType === 'application/octet-stream';
    const admitted = this.admit(name, sentAsFile);
    if (admitted instanceof HttpError) {
      this.fail(admitted);
      stream.resume();
      return;
    }
    this.openParts += 1;
    if (admitted.into === 'spool') this.spoolPart(stream, admitted);
    else this.keepPart(stream, admitted);
  }

  /** Text decoded chunk by chunk as it arrives (small fields), or bytes (large fields, small files). */
  private keepPart(stream: BusboyFileStream, part: Extract<AdmittedPart, { into: 'text' | 'bytes' }>) {
    const decoder = part.into === 'text' ? new StringDecoder('utf8') : undefined;
    const chunks: (Buffer | string)[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (this.settled) return;
      size += chunk.length;
      if (size > part.limit) return this.fail(part.overLimit());
      chunks.push(decoder ? decoder.write(chunk) : chunk);
    });
    stream.on('end', () => {
      this.openParts -= 1;
      if (this.settled) return;
      const failure = part.into === 'text' ? part.store(chunks.join('') + (decoder?.end() ?? '')) : part.store(Buffer.concat(chunks as Buffer[], size));
      if (failure) this.fail(failure);
      else this.finishIfDone();
    });
  }

  /**
   * A file written to a new file of the spool folder as it arrives, its first bytes kept as its head:
   * the part is paused while the disk is behind (and so, through busboy, the request), so memory
   * holds a few chunks whatever the file's size. Done once the file is written and closed.
   */
  private spoolPart(stream: BusboyFileStream, part: Extract<AdmittedPart, { into: 'spool' }>) {
    const { path, stream: file } = this.spool!.create();
    this.writing.add(file);
    const head: Buffer[] = [];
    let headSize = 0;
    let size = 0;
    file.on('error', (error) => {
      this.log.error({ err: error, field: part.field }, 'an upload could not be written to the spool folder');
      this.fail(part.notSaved());
    });
    file.on('drain', () => stream.resume());
    file.on('close', () => {
      this.writing.delete(file);
      if (this.settled) return;
      if (!file.writableFinished) return this.fail(part.notSaved());
      this.openParts -= 1;
      const failure = part.store({ path, size, head: Buffer.concat(head, headSize) });
      if (failure) this.fail(failure);
      else this.finishIfDone();
    });
    stream.on('data', (chunk: Buffer) => {
      if (this.settled) return;
      size += chunk.length;
      if (size > part.limit) return this.fail(part.overLimit());
      if (headSize < SPOOLED_HEAD_BYTES) {
        // A copy: a slice would keep the whole chunk it came from in memory.
        const piece = Buffer.from(chunk.subarray(0, SPOOLED_HEAD_BYTES - headSize));
        head.push(piece);
        headSize += piece.length;
      }
      if (!file.write(chunk)) stream.pause();
    });
    stream.on('end', () => {
      if (!this.settled) file.end();
    });
  }

  /** How to read and keep a part, or the error that refuses it before any of its bytes are read. */
  private admit(name: string | undefined, sentAsFile: boolean): HttpError | AdmittedPart {
    if (name === undefined || name === '') return stopped(422, MULTIPART_MESSAGES.unnamed, 'body');
    const once = (key: string) => {
      if (this.seen.has(key)) return stopped(422, MULTIPART_MESSAGES.repeated, key);
      this.seen.add(key);
      return undefined;
    };

    const fileRule = Object.hasOwn(this.spec.files, name) ? this.spec.files[name] : undefined;
    if (fileRule) {
      const repeated = once(name);
      if (repeated) return repeated;
      const limited = { limit: fileRule.maxBytes, overLimit: () => stopped(413, fileRule.tooLargeMessage, name) };
      if (sentAsFile && fileRule.spool) {
        return {
          ...limited,
          into: 'spool',
          field: name,
          // Our disk failed, not the form: the same upload may succeed later.
          notSaved: () => stopped(503, MULTIPART_MESSAGES.notSaved, name, { 'retry-after': '60' }),
          store: (file) => void (this.form.files[name] = file.size === 0 ? null : file),
        };
      }
      if (sentAsFile) return { ...limited, into: 'bytes', store: (value) => void (this.form.files[name] = value.length === 0 ? null : value) };
      // A text value in a file field: empty (or 'null') means "remove the file" (spec 7.3).
      const notAFile = () => stopped(422, MULTIPART_MESSAGES.textInFile, name);
      return {
        into: 'text',
        limit: SMALL_FIELD_BYTES,
        overLimit: notAFile,
        store: (text) => {
          if (text !== '' && text !== 'null') return notAFile();
          this.form.files[name] = null;
          return undefined;
        },
      };
    }

    const item = /^(.+)\[(\d{0,6})\]$/.exec(name);
    const base = item ? item[1]! : name;
    const rule = this.spec.text.get(base);
    if (!rule || (item && !rule.list)) return stopped(422, MULTIPART_MESSAGES.unknown, name);
    if (sentAsFile) return stopped(422, MULTIPART_MESSAGES.fileInText, name);
    const limited = { into: 'text' as const, limit: rule.maxBytes, overLimit: () => stopped(413, rule.tooLargeMessage, base) };
    if (!item) {
      // A single value (or a list sent bare, which the schema then refuses with its own message).
      const repeated = once(base);
      if (repeated) return repeated;
      if (rule.bytes) return { ...limited, into: 'bytes', store: (value: Buffer) => void (this.form.fields[base] = value) };
      return { ...limited, store: (value: string) => void (this.form.fields[base] = value) };
    }
    if (this.seen.has(base) && !this.listItems.has(base)) return stopped(422, MULTIPART_MESSAGES.repeated, base);
    this.seen.add(base);
    const count = (this.listItems.get(base) ?? 0) + 1;
    if (count > rule.maxItems) return stopped(422, MULTIPART_MESSAGES.tooManyParts, base);
    this.listItems.set(base, count);
    return {
      ...limited,
      store: (value: string) => {
        const list = this.form.fields[base];
        const items = Array.isArray(list) ? list : [];
        items.push(value);
        this.form.fields[base] = items;
        return undefined;
      },
    };
  }

  private finishIfDone() {
    if (this.settled || !this.parsed || this.openParts > 0) return;
    this.settled = true;
    this.detach();
    this.resolve(this.form);
  }

  private fail(error: HttpError) {
    if (this.settled) return;
    this.settled = true;
    this.detach();
    // What was spooled goes with the session, once each file is closed (its handler's end).
    for (const file of this.writing) file.destroy();
    // Stop reading: what is left of the body stays unread and the connection closes after the answer.
    this.raw.pause();
    if (!this.raw.readableEnded) lingerAfterAnswer(this.raw.socket);
    this.reject(this.raw.readableEnded ? withoutClose(error) : error);
  }

  private detach() {
    this.raw.off('data', this.onData);
    this.raw.off('end', this.onEnd);
    this.raw.off('close', this.onClose);
    // Late errors of the request or the parser have nobody left to tell.
    this.raw.off('error', this.onError);
    this.raw.on('error', () => {});
  }
}

/**
 * How one admitted part is read (at most `limit` bytes, else the `overLimit` error): as text decoded
 * while it arrives, as bytes (a file, a large field) or into a spooled file (a spooled file field,
 * `notSaved` if the disk fails); and kept, or refused after all.
 */
type AdmittedPart = { limit: number; overLimit: () => HttpError } & (
  | { into: 'text'; store: (value: string) => HttpError | undefined }
  | { into: 'bytes'; store: (value: Buffer) => HttpError | undefined }
  | { into: 'spool'; field: string; notSaved: () => HttpError; store: (file: SpooledFile) => HttpError | undefined }
);

/** How long, and how many more bytes, a refused upload is still read (and dropped) after its answer. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 32 * 1024 * 1024;

/**
 * A "lingering close" for an answer given before the body was read: closing a socket with unread data
 * makes the kernel reset the connection, and the client, still sending, loses the answer it was sent
 * (seen: "write EPIPE" instead of the 422). So the server ends its side once the answer is written
 * (the client sees the answer complete), then reads and drops what still arrives, until the client
 * closes, 2 s pass or 32 MB more arrive, and only then closes.
 */
function lingerAfterAnswer(socket: Socket | null): void {
  if (!socket) return;
  // Node's HTTP server calls destroySoon() once a `Connection: close` answer is written.
  socket.destroySoon = function lingeringDestroy(this: Socket) {
    this.end();
    let dropped = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    });
    this.once('end', close);
    this.once('close', () => clearTimeout(timer));
    this.resume();
  };
}

/** An error that ends the reading of a form, keyed by the field it concerns. */
function stopped(status: number, message: string, field: string, headers: Record<string, string> = {}): HttpError {
  return new HttpError(status, message, { [field.slice(0, MAX_NAME_SHOWN)]: [message] }, { connection: 'close', ...headers });
}

/** The same error for a body read to its end: the connection may stay open. */
function withoutClose(error: HttpError): HttpError {
  const headers = { ...error.headers };
  delete headers.connection;
  return new HttpError(error.statusCode, error.message, error.errors, headers);
}
