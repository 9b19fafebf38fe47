/**
 * Reads by key, batched by moment: a read asked while nothing is on its way is sent at once (alone);
 * every read asked while a batch is on its way joins the next batch, sent as one query as soon as
 * that one returns. So a read is always SENT AFTER it was asked (never answered by a query that may
 * have started before: what it returns is at least as fresh as a read of its own), and under load a
 * hundred concurrent reads cost a few queries instead of a hundred.
 *
 * The session lookup of every API request (http/session.ts) and the catalogue version
 * (resources/catalogue-cache.ts) read through it.
 */
export class BatchedReader<K, V> {
  #running = false;
  #next = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  readonly #read: (keys: K[]) => Promise<Map<K, V>>;

  /** `read` answers the keys it was given; a key missing from its map reads as undefined. */
  constructor(read: (keys: K[]) => Promise<Map<K, V>>) {
    this.#read = read;
  }

  read(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.#next.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.#next.set(key, [{ resolve, reject }]);
      if (!this.#running) this.#send();
    });
  }

  #send(): void {
    const batch = this.#next;
    this.#next = new Map();
    this.#running = true;
    let sent: Promise<Map<K, V>>;
    try {
      sent = this.#read([...batch.keys()]);
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .then(
        (values) => {
          for (const [key, waiting] of batch) for (const w of waiting) w.resolve(values.get(key));
        },
        (error: unknown) => {
          for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
        },
      )
      .finally(() => {
        this.#running = false;
        if (this.#next.size > 0) this.#send();
      });
  }
}
