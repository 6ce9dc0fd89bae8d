/**
 * Entry point of a document worker process (forked by document-worker.ts with IPC and structured
 * clone). It runs one job at a time and answers each with a JobAnswer. The parent enforces the time
 * and memory limits by killing this process; it leaves when the parent disconnects.
 */
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { DEFAULT_DECODED_LIMITS, type DecodedLimits } from './decoded-size.js';
import type { DocumentJob, JobAnswer } from './job-types.js';
import { failureOf, runJob } from './jobs.js';
import { stopRecognition } from './ocr.js';

interface JobMessage {
  id: number;
  job: DocumentJob;
  limits?: DecodedLimits;
}

if (!process.send) throw new Error('worker-process must be started with an IPC channel');

// pdf.js runs its parser in this thread (Node has no web workers); handing it the module now, rather
// than letting it import it on the first document, makes the process ready before its first job.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

process.on('message', (message: JobMessage) => {
  void runJob(message.job, message.limits ?? DEFAULT_DECODED_LIMITS).then(
    (result) => answer({ id: message.id, ok: true, result }),
    (error: unknown) => answer({ id: message.id, ok: false, failure: failureOf(error), message: String((error as Error)?.message ?? error).slice(0, 300) }),
  );
});
// The API is gone (or let this process go): an OCR command still running goes too.
process.on('disconnect', () => {
  stopRecognition();
  process.exit(0);
});

function answer(message: JobAnswer) {
  process.send?.(message);
}

process.send({ ready: true });
