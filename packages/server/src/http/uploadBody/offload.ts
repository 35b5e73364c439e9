import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BodyLimits } from '../bodyLimits.js';
import { prepareUpload, type Prepared } from './prepare.js';
import type { PrepareRequest } from './worker.js';

/** Bodies from this size on are taken apart on the worker thread; smaller ones cost less than the hop. */
export const OFFLOAD_BYTES = 1024 * 1024;

/** The worker's entry, built beside the server's own files (tsup.config.ts). */
const WORKER_FILE = fileURLToPath(new URL('./upload-body-worker.js', import.meta.url));

type Reply = { id: number; out: Prepared } | { id: number; error: string };

/**
 * One worker thread that takes large upload bodies apart (`prepareUpload`: text, limits, JSON,
 * fingerprint, base64 check and decode), so a 20 MB upload does not hold the event loop for the
 * others (docs/operator-guide.md, "Security"). The body's bytes are moved to it, the decoded
 * file moved back: nothing is copied. Started on the first large body; where the worker's file
 * is not built (tests run from source) or the worker fails, the body is taken apart here.
 */
export class UploadBodyOffload {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (p: Prepared) => void; reject: (err: Error) => void }>();
  private readonly available: boolean;

  /** `workerFile`: the built worker entry (tests point at the build from source). */
  constructor(private readonly workerFile = WORKER_FILE) {
    this.available = fs.existsSync(workerFile);
  }

  async prepare(bytes: Buffer, limits: BodyLimits, fingerprint: boolean): Promise<Prepared> {
    const worker = this.available ? this.start() : undefined;
    if (!worker) return prepareUpload(bytes, limits, fingerprint);
    // Fastify may hand over a slice of a larger buffer: only a whole one is moved.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : Buffer.from(bytes);
    const id = this.nextId++;
    const request: PrepareRequest = { id, bytes: own, limits, fingerprint };
    return new Promise<Prepared>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request, [own.buffer as ArrayBuffer]);
    });
  }

  /** Ends the worker (server shutdown); a later large body starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile);
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.out);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(err);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`upload body worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
