import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, problem } from '../testing';
import { ApiError, api, setUnauthorizedHandler } from './api';
import { createI18n } from './i18n';

const coded = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify({ type: 'about:blank', status, title: 'Error', ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

describe('API client', () => {
  const onUnauthorized = vi.fn();
  setUnauthorizedHandler(onUnauthorized);
  afterEach(() => {
    onUnauthorized.mockClear();
    vi.unstubAllGlobals();
  });

  it('sends JSON with the session cookie and returns the answer', async () => {
    const fetchMock = mockApi({ 'POST /api/contact': () => Response.json({ id: 3 }, { status: 201 }) });
    await expect(api.post('/contact', { name: 'A' })).resolves.toEqual({ id: 3 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"name":"A"}' });
    // Every call carries a live time-out signal (30 s), not yet aborted.
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(init?.signal?.aborted).toBe(false);
  });

  it("uses fetch's default cache mode, so the browser revalidates catalogue answers (ETag → 304)", async () => {
    // The API marks catalogue reads `private, no-cache` with an ETag: with the default mode the
    // browser sends If-None-Match and turns a 304 into the stored 200 before the app sees it.
    const fetchMock = mockApi({ 'GET /api/University/allAsync': () => Response.json([]) });
    await api.get('/University/allAsync');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.cache).toBeUndefined();
  });

  it('throws a typed error carrying the problem+json message and field errors', async () => {
    mockApi({ 'GET /api/thing': () => problem(409, 'Already exists', [{ path: 'name', message: 'taken' }]) });
    const error = await api.get('/thing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Already exists',
      errors: [{ path: 'name', code: 'invalid', message: 'taken' }],
    });
  });

  describe('item 18: machine codes become texts in the user language', () => {
    it('a coded problem reads as common:errors.<code> in Uzbek, field errors keep their code', async () => {
      window.localStorage.setItem('appLanguage', 'uz');
      await createI18n();
      mockApi({
        'POST /api/thing': () =>
          coded(400, {
            code: 'validation',
            message: 'body.name: This text is too long (at most 100 characters).',
            errors: [
              { path: 'body.name', code: 'tooLong', message: 'This text is too long.', params: { max: 100 } },
            ],
          }),
        'POST /api/used': () =>
          coded(409, {
            code: 'inUse',
            message: 'This university is used by 2 university courses.',
            params: { uses: [{ what: 'universityCourses', count: 2 }] },
          }),
      });
      const error = (await api.post('/thing', {}).catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({
        status: 400,
        code: 'validation',
        message: 'Baʼzi maydonlar notoʻgʻri toʻldirilgan. Iltimos, ularni tekshiring.',
        serverMessage: 'body.name: This text is too long (at most 100 characters).',
        errors: [
          { path: 'body.name', code: 'tooLong', message: 'This text is too long.', params: { max: 100 } },
        ],
      });
      await expect(api.post('/used', {})).rejects.toMatchObject({
        code: 'inUse',
        message: 'Bu maʼlumot hali ishlatilmoqda (universitet kurslari: 2), uni oʻchirib boʻlmaydi.',
      });
      window.localStorage.removeItem('appLanguage');
    });

    it('an unknown code or none falls back to the server message', async () => {
      await createI18n();
      mockApi({
        'GET /api/new': () => coded(400, { code: 'somethingNew', message: 'A new kind of problem.' }),
        'GET /api/old': () =>
          problem(400, 'body.email: validation.email', [{ path: 'body.email', message: 'validation.email' }]),
      });
      await expect(api.get('/new')).rejects.toMatchObject({
        code: 'somethingNew',
        message: 'A new kind of problem.',
      });
      // An older server sent the key as the field's message: its tail is the code.
      await expect(api.get('/old')).rejects.toMatchObject({
        code: null,
        errors: [{ path: 'body.email', code: 'email' }],
      });
    });
  });

  it('treats any 401 as a lost session', async () => {
    mockApi({ 'GET /api/thing': () => problem(401, 'Sign in to continue.') });
    await expect(api.get('/thing')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('lets the session probe see a 401 without leaving the page', async () => {
    mockApi({ 'GET /api/auth/me': () => problem(401, 'Sign in to continue.') });
    await expect(api.get('/auth/me', { allowUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after the time-out', async () => {
    vi.stubGlobal(
      'fetch',
      (_: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    await expect(api.get('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout', status: 0 });
  });

  it('reports an unreachable server', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/thing')).rejects.toMatchObject({ code: 'network' });
  });
});
