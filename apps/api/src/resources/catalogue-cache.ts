import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { systemClock, type TClock } from '../clock.js';
import { BatchedReader } from '../db/batched-read.js';
import type { Database } from '../db/client.js';
import { catalogueVersion } from '../db/schema/index.js';
import { CATALOGUE_CACHE_CONTROL } from '../http/security.js';
import type { TResource } from './define.js';
import { rateDay, setRateClock } from './rate-day.js';
import { rowScope, type TActor } from './scope.js';

// Catalogue reads at memory speed (issue 11 item 5). Every statement that writes a catalogue table
// gives `catalogue_version` a new random value inside its own transaction (migration 0010), so the
// version a request reads names exactly the committed catalogue it may be served.
//
// Freshness: a request is served the answer of the version it read AFTER it began (VersionReader),
// and an answer is stored under version V only when the version read before and after computing
// it are both V: no catalogue write committed in between, so every query of the computation saw
// exactly the catalogue of V (its snapshots were taken between the two reads). Hence a reader never
// gets an answer older than a write that completed before its request began, in this process or
// any other on the same database.

export type TCachedAnswer = { body: string; etag: string };

/**
 * One version read per moment, shared by the requests that asked for it before it was sent. A
 * request that arrives while a read is under way waits for the next one: the running read may
 * have taken its snapshot before the request began (db/batched-read.ts).
 */
export class VersionReader {
  readonly #reads: BatchedReader<true, string>;

  constructor(read: () => Promise<string>) {
    this.#reads = new BatchedReader(async () => new Map([[true, await read()]]));
  }

  /** A version read that is sent after this call. */
  current(): Promise<string> {
    return this.#reads.read(true) as Promise<string>;
  }
}

type TEntry = TCachedAnswer & { bytes: number };

/** Answers by key, least recently used evicted first once their estimated size passes `maxBytes`. */
export class AnswerCache {
  readonly #entries = new Map<string, TEntry>();
  #bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): TCachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      // Map keeps insertion order: moving the entry to the end makes the first one the oldest used.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, answer: TCachedAnswer): void {
    // JavaScript strings take up to two bytes a character; plus the entry's own objects.
    const bytes = 2 * (key.length + answer.body.length + answer.etag.length) + 200;
    // One answer may take at most an eighth of the cache (a huge allAsync would empty it).
    if (bytes > this.maxBytes / 8) return;
    this.delete(key);
    this.#entries.set(key, { ...answer, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export const answerOf = (value: unknown): TCachedAnswer => {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body) };
};

/** JSON with object keys sorted: two bodies that differ only in key order share an entry. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's catalogue cache (app.ts makes it; tests and the bench read its counters). */
    catalogueCache: CatalogueCache;
  }
}

export type TCatalogueCacheOptions = { enabled: boolean; maxBytes: number };

/** One process's catalogue cache: the version reader, the answers and the requests being computed. */
export class CatalogueCache {
  readonly enabled: boolean;
  readonly answers: AnswerCache;
  readonly versions: VersionReader;
  readonly #computing = new Map<string, Promise<TCachedAnswer>>();
  #version: string | null = null;
  /** Counters for tests and the bench. */
  readonly stats = { hits: 0, misses: 0, stored: 0, notModified: 0 };

  constructor(database: Database, options: TCatalogueCacheOptions, clock: TClock = systemClock) {
    this.enabled = options.enabled;
    // Prices converted at today's exchange rate (rate-day.ts) read the day from the app's clock.
    setRateClock(clock);
    this.answers = new AnswerCache(options.maxBytes);
    this.versions = new VersionReader(async () => {
      // On its own connection: a hit must not wait for a pool busy with other requests' queries.
      const [row] = await database.quick
        .select({ version: catalogueVersion.version })
        .from(catalogueVersion)
        .where(eq(catalogueVersion.id, 1));
      if (!row) throw new Error('catalogue_version has no row (migration 0010 inserts it)');
      // Reads come back in the order they were sent: a new version makes every answer stale.
      if (row.version !== this.#version) {
        this.#version = row.version;
        this.answers.clear();
      }
      return row.version;
    });
  }

  /** The answer for `key` at the current catalogue version: from memory, or computed once. */
  async answer(key: string, compute: () => Promise<unknown>): Promise<TCachedAnswer> {
    if (!this.enabled) return answerOf(await compute());
    const version = await this.versions.current();
    // The day too: converted prices use the latest rate on or before today (rate-day.ts), so a rate
    // dated today applies from midnight although no write changed the version.
    const full = `${version}\n${rateDay()}\n${key}`;
    const hit = this.answers.get(full);
    if (hit) {
      this.stats.hits++;
      return hit;
    }
    // Requests for the same answer at the same version share one computation; each of them read
    // the version after it began, and the computation's queries ran after that version was read.
    let pending = this.#computing.get(full);
    if (!pending) {
      this.stats.misses++;
      pending = this.#compute(full, version, compute).finally(() => this.#computing.delete(full));
      this.#computing.set(full, pending);
    }
    return pending;
  }

  async #compute(full: string, version: string, compute: () => Promise<unknown>) {
    const answer = answerOf(await compute());
    // Stored only when no catalogue write committed while it was computed (see the top).
    if ((await this.versions.current()) === version) {
      this.answers.set(full, answer);
      this.stats.stored++;
    }
    return answer;
  }
}

/** Whether `If-None-Match` names this ETag (a list, weak forms, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * A read route's answer: resources with `cache: 'catalogue'` answer from the cache with an ETag
 * (304 when the client has it); every other resource returns the value as before (`no-store`).
 * `key` is the verb and its validated input; answers never depend on who asks (a definition with
 * the cache has scope `catalogue`, checked again here per actor), so one entry serves everyone.
 */
export function readAnswer(cache: CatalogueCache | undefined, resource: TResource) {
  if (resource.cache && !cache) throw new Error(`${resource.base}: registered without the catalogue cache`);
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    actor: TActor,
    key: string,
    compute: () => Promise<unknown>,
  ): Promise<unknown> => {
    if (!cache || resource.cache !== 'catalogue' || rowScope(resource, actor) !== undefined) return compute();
    const answer = await cache.answer(`${resource.base}\n${key}`, compute);
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL).header('etag', answer.etag);
    if (matches(request.headers['if-none-match'], answer.etag)) {
      cache.stats.notModified++;
      return reply.code(304).send();
    }
    return reply.type('application/json; charset=utf-8').send(answer.body);
  };
}
