import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { uploadFile } from './upload-file';

afterEach(() => vi.unstubAllGlobals());

const file = new File(['a,b\n1,2\n'], 'statement.csv', { type: 'text/csv' });

describe('uploadFile', () => {
  it('sends the file as multipart field `file` with cookies and reads the JSON answer', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ id: 'logo-1' }));
    vi.stubGlobal('fetch', fetch);

    await expect(uploadFile('/api/brands/b1/logo', file, { method: 'PUT' })).resolves.toEqual({
      id: 'logo-1',
    });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/brands/b1/logo');
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init.body as FormData).get('file') as File).name).toBe('statement.csv');
  });

  it('posts unless told otherwise, and rejects with the ApiError of a refusal', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ message: 'Too large', code: 'payload_too_large' }, { status: 413 }),
    );
    vi.stubGlobal('fetch', fetch);

    const error = await uploadFile('/api/fx-rates/import', file).catch((e: unknown) => e);

    expect(fetch.mock.calls[0][1].method).toBe('POST');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
  });
});
