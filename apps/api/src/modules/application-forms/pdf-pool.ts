import { Worker } from 'node:worker_threads';

// A small pool of worker threads that render application PDFs off the main thread (issue 10 item 2).
// At most `size` renders run at once; a request that finds every renderer busy waits up to
// `queueWaitMs` (and at most `maxQueue` wait), then is refused with PdfBusyError (a 503 with
// Retry-After). Workers start on first use and are kept while in use; one idle for `idleTimeoutMs`
// ends (each holds about 80 MB: React, react-pdf, fonts), and one that crashes or overruns its time
// is replaced.

export class PdfBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Every PDF renderer is busy.');
  }
}

type TJob = { id: number; resolve: (pdf: Uint8Array) => void; reject: (err: Error) => void };
type TSlot = { worker: Worker; job: TJob | null; timer?: NodeJS.Timeout; idleTimer?: NodeJS.Timeout };
type TWaiter = { grant: (slot: TSlot) => void; timer: NodeJS.Timeout };

export type TPdfPoolOptions = {
  size: number;
  queueWaitMs: number;
  maxQueue?: number;
  renderTimeoutMs?: number;
  /** An idle worker ends after this long (default 60 s; 0 keeps it); the next render starts one. */
  idleTimeoutMs?: number;
  /** The worker entry (default: pdf-worker.js beside the compiled pool, else pdf-worker.mjs). */
  workerUrl?: URL;
};

/** Compiled (dist), the worker's JavaScript itself; from the sources, the entry that registers tsx. */
function defaultWorkerUrl() {
  const compiled = import.meta.url.endsWith('.js');
  return new URL(compiled ? './pdf-worker.js' : './pdf-worker.mjs', import.meta.url);
}

export class PdfPool {
  private readonly idle: TSlot[] = [];
  private readonly all = new Set<TSlot>();
  private readonly waiting: TWaiter[] = [];
  private nextId = 1;
  private closed = false;
  private readonly maxQueue: number;
  private readonly renderTimeoutMs: number;
  private readonly workerUrl: URL;

  constructor(private readonly options: TPdfPoolOptions) {
    this.maxQueue = options.maxQueue ?? options.size * 8;
    this.renderTimeoutMs = options.renderTimeoutMs ?? 30_000;
    this.workerUrl = options.workerUrl ?? defaultWorkerUrl();
  }

  /** Renders in a worker; `transfer` lists buffers of `input` to move rather than copy. */
  async render(input: unknown, transfer: ArrayBuffer[] = []): Promise<Uint8Array> {
    const slot = await this.acquire();
    return new Promise<Uint8Array>((resolve, reject) => {
      const job: TJob = { id: this.nextId++, resolve, reject };
      slot.job = job;
      slot.timer = setTimeout(
        () => this.fail(slot, new Error('PDF rendering took too long')),
        this.renderTimeoutMs,
      );
      slot.worker.postMessage({ id: job.id, input }, transfer);
    });
  }

  /** Renders running or waiting now (for tests and diagnostics). */
  get load() {
    return { running: this.all.size - this.idle.length, waiting: this.waiting.length };
  }

  /** Worker threads alive now, busy or idle. */
  get workers() {
    return this.all.size;
  }

  async close() {
    this.closed = true;
    for (const w of this.waiting.splice(0)) clearTimeout(w.timer);
    for (const slot of this.all) clearTimeout(slot.idleTimer);
    await Promise.all([...this.all].map((slot) => slot.worker.terminate()));
    this.all.clear();
    this.idle.length = 0;
  }

  private acquire(): Promise<TSlot> {
    if (this.closed) return Promise.reject(new Error('the PDF pool is closed'));
    const free = this.idle.pop();
    if (free) {
      clearTimeout(free.idleTimer);
      return Promise.resolve(free);
    }
    if (this.all.size < this.options.size) return Promise.resolve(this.spawn());
    const retryAfter = Math.max(1, Math.ceil(this.options.queueWaitMs / 1000));
    if (this.waiting.length >= this.maxQueue || this.options.queueWaitMs <= 0)
      return Promise.reject(new PdfBusyError(retryAfter));
    return new Promise((resolve, reject) => {
      const waiter: TWaiter = {
        grant: (slot) => {
          clearTimeout(waiter.timer);
          resolve(slot);
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new PdfBusyError(retryAfter));
        }, this.options.queueWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** A finished slot goes to the longest waiter, or back to the idle list. */
  private release(slot: TSlot) {
    clearTimeout(slot.timer);
    slot.job = null;
    if (!this.all.has(slot)) return;
    const next = this.waiting.shift();
    if (next) next.grant(slot);
    else {
      this.idle.push(slot);
      const idleMs = this.options.idleTimeoutMs ?? 60_000;
      if (idleMs > 0) {
        slot.idleTimer = setTimeout(() => this.retire(slot), idleMs);
        slot.idleTimer.unref();
      }
    }
  }

  /** An idle worker ends, giving its memory back; the next render starts a fresh one. */
  private retire(slot: TSlot) {
    const index = this.idle.indexOf(slot);
    if (index < 0) return;
    this.idle.splice(index, 1);
    this.all.delete(slot); // its 'exit' then finds nothing to fail
    void slot.worker.terminate();
  }

  private spawn(): TSlot {
    // React's production build: its development build checks and records far more per element,
    // which makes a render several times slower (the worker's env is its own copy).
    const worker = new Worker(this.workerUrl, {
      execArgv: [],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    worker.unref(); // never keeps the process alive; close() ends it
    const slot: TSlot = { worker, job: null };
    this.all.add(slot);
    worker.on('message', (msg: { id: number; pdf?: Uint8Array; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      if (msg.pdf) job.resolve(msg.pdf);
      else job.reject(new Error(`PDF rendering failed: ${msg.error ?? 'unknown error'}`));
      this.release(slot);
    });
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', () => this.fail(slot, new Error('the PDF worker stopped')));
    return slot;
  }

  /** A crashed or stuck worker: its job fails, it is ended, and its place is given on. */
  private fail(slot: TSlot, err: Error) {
    if (!this.all.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
    slot.job?.reject(err);
    slot.job = null;
    void slot.worker.terminate();
    // A waiter takes the free place with a fresh worker.
    const next = this.waiting.shift();
    if (next && !this.closed) next.grant(this.spawn());
  }
}
