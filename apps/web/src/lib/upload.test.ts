import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads, json, mockApi, problem } from '../testing';
import { ApiError, setUnauthorizedHandler } from './api';
import { uploadFile } from './upload';

afterEach(() => setUnauthorizedHandler(() => {}));

const form = () => {
  const data = new FormData();
  data.append('file', new File(['x'], 'a.pdf'));
  return data;
};

describe('uploadFile', () => {
  it('reports progress and returns the JSON answer', async () => {
    fakeUploads();
    mockApi({ 'POST /api/Document/upload': () => json({ id: 3, fileId: 'f', fileName: 'a.pdf' }) });
    const progress: number[] = [];
    const saved = await uploadFile('/Document/upload', form(), { onProgress: (p) => progress.push(p) });
    expect(saved).toEqual({ id: 3, fileId: 'f', fileName: 'a.pdf' });
    expect(progress).toEqual([50, 100]);
  });

  it('item 18: treats a 401 like every other call: the session is gone', async () => {
    fakeUploads();
    mockApi({ 'POST /api/Document/upload': () => problem(401, 'Sign in to continue.') });
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    await expect(uploadFile('/Document/upload', form())).rejects.toBeInstanceOf(ApiError);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('turns a problem answer into an ApiError with its status and code', async () => {
    fakeUploads();
    mockApi({
      'POST /api/Document/upload': () =>
        new Response(JSON.stringify({ status: 415, message: 'Not allowed', code: 'fileType' }), {
          status: 415,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    });
    const error = await uploadFile('/Document/upload', form()).catch((e: ApiError) => e);
    expect(error).toMatchObject({ status: 415, code: 'fileType', serverMessage: 'Not allowed' });
  });
});
