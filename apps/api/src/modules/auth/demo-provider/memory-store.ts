import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

type TEntry = { payload: AdapterPayload; expiresAt: number };

const MAX_ENTRIES = 10_000;

/**
 * The demo provider's storage (codes, interactions, its own sessions, grants): one in-memory map
 * per provider instance. It forgets everything at restart, which a demo can afford; the portal's
 * own sessions live in the database and are not affected.
 */
export function createMemoryStore(): AdapterFactory {
  const entries = new Map<string, TEntry>();
  const sessionByUid = new Map<string, string>();

  const get = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry?.payload;
  };
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const [uid, id] of sessionByUid) if (!entries.has(`Session:${id}`)) sessionByUid.delete(uid);
    // Still too many (a flood of abandoned sign-ins): drop the oldest.
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(key);
    }
  };

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        if (entries.size >= MAX_ENTRIES) sweep();
        const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
        entries.set(key(id), { payload, expiresAt });
        if (model === 'Session' && payload.uid) sessionByUid.set(payload.uid, id);
      },
      async find(id) {
        return get(key(id));
      },
      async findByUid(uid) {
        const id = sessionByUid.get(uid);
        return id ? get(key(id)) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        const payload = get(key(id));
        if (payload?.uid) sessionByUid.delete(payload.uid);
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(k);
      },
    };
  };
}
