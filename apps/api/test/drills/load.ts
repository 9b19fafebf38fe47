// The fixed load every drill runs while it breaks something: requests planned at a fixed arrival
// rate (an open model: the next request goes out on time whatever the previous ones are doing),
// bounded in count and time, each with its own time limit, so a hang shows as a timeout rather than
// slowing the load down. Only ever against 127.0.0.1.

export type TOutcome = {
  /** Which request of the run (0-based), and what it was ("read", "write", "upload", ...). */
  index: number;
  kind: string;
  /** When it was sent and answered, in ms since the load started. */
  sentAt: number;
  doneAt: number;
  /** The HTTP status; 0 for a network error, -1 when it did not answer within the time limit. */
  status: number;
  /** The problem's machine code, when the answer was problem+json. */
  code?: string;
  retryAfter?: string | null;
  /** What the request's own check found (e.g. the id of the row an acknowledged write created). */
  value?: unknown;
  error?: string;
};

export type TRequest = (signal: AbortSignal) => Promise<{ status: number; headers: Headers; body: unknown }>;

export type TLoadOptions = {
  /** Requests per second. */
  rate: number;
  /** Stop planning new requests after this long... */
  durationMs: number;
  /** ...or after this many, whichever comes first. */
  maxRequests: number;
  /** A request not answered within this long counts as hung (status -1). */
  timeoutMs: number;
  /** The i-th request: what kind it is and how to send it. */
  next(index: number): { kind: string; send: TRequest; check?: (body: unknown) => unknown };
};

export type TLoad = {
  /** Milliseconds since the load started. */
  elapsed(): number;
  /** Every answer so far (in the order they came back). */
  outcomes: TOutcome[];
  /** Resolves when every planned request has been answered or timed out. */
  done: Promise<TOutcome[]>;
};

/** Starts the load; it runs by itself while the drill breaks and mends things. */
export function startLoad(options: TLoadOptions): TLoad {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const outcomes: TOutcome[] = [];
  const pending: Promise<void>[] = [];

  async function fire(index: number) {
    const { kind, send, check } = options.next(index);
    const sentAt = elapsed();
    const outcome: TOutcome = { index, kind, sentAt, doneAt: sentAt, status: 0 };
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const res = await send(signal);
      outcome.status = res.status;
      outcome.retryAfter = res.headers.get('retry-after');
      const body = res.body as { code?: unknown } | undefined;
      if (res.status >= 400 && body && typeof body.code === 'string') outcome.code = body.code;
      if (res.status < 300 && check) outcome.value = check(res.body);
    } catch (err) {
      outcome.status = signal.aborted ? -1 : 0;
      outcome.error = (err as Error).message;
    }
    outcome.doneAt = elapsed();
    outcomes.push(outcome);
  }

  const done = (async () => {
    const interval = 1000 / options.rate;
    for (let i = 0; i < options.maxRequests; i++) {
      const due = i * interval;
      if (due > options.durationMs) break;
      const wait = due - elapsed();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(fire(i));
    }
    await Promise.all(pending);
    return outcomes.sort((a, b) => a.index - b.index);
  })();
  return { elapsed, outcomes, done };
}

/** A JSON (or empty) answer read whole, so the load sees the problem's code. */
export async function readAnswer(res: Response) {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

const ms = (v: number) => `${Math.round(v)} ms`;

/**
 * The drill's figures, printed: requests sent, answered by status, failed, the slowest answer
 * and, given a window [faultAt, backAt], how long after the service came back the last failure was.
 */
export function summarize(name: string, outcomes: TOutcome[], window?: { faultAt: number; backAt: number }) {
  const byStatus = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.status === -1 ? 'timeout' : o.status === 0 ? 'network error' : String(o.status);
    const label = o.code ? `${key} ${o.code}` : key;
    byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
  }
  const failed = outcomes.filter((o) => o.status < 200 || o.status >= 300);
  const slowest = Math.max(0, ...outcomes.map((o) => o.doneAt - o.sentAt));
  const slowestFailure = Math.max(0, ...failed.map((o) => o.doneAt - o.sentAt));
  const lastFailure = Math.max(0, ...failed.map((o) => o.doneAt));
  const recoveredMs = window ? Math.max(0, lastFailure - window.backAt) : 0;
  const figures = {
    sent: outcomes.length,
    ok: outcomes.length - failed.length,
    failed: failed.length,
    slowestMs: Math.round(slowest),
    slowestFailureMs: Math.round(slowestFailure),
    recoveredMs: Math.round(recoveredMs),
  };
  const lines = [
    `drill: ${name}`,
    `  requests sent ${figures.sent}, ok ${figures.ok}, failed ${figures.failed}`,
    `  answers: ${[...byStatus].map(([k, n]) => `${k} x${n}`).join(', ')}`,
    `  slowest answer ${ms(slowest)}, slowest failure ${ms(slowestFailure)}`,
  ];
  if (window)
    lines.push(
      `  fault at ${ms(window.faultAt)}, service back at ${ms(window.backAt)}; ` +
        `last failure ${failed.length ? ms(lastFailure) : 'none'}: recovered within ${(recoveredMs / 1000).toFixed(1)} s`,
    );
  console.log(lines.join('\n'));
  return figures;
}
