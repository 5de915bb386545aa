import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../test/receiver';
import { assertPublicUrl, BlockedUrlError, guardedGet, guardedPost, isBlockedAddress } from './safe-http';

describe('SSRF guard', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://127.1.2.3:8080/',
    'http://10.0.0.5/',
    'http://172.16.4.1/',
    'http://192.168.1.10/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/', // 127.0.0.1 as a number
    'http://0x7f.1/',
    'http://localhost:9/',
  ])('refuses %s', async (url) => {
    await expect(assertPublicUrl(url, { allowPrivate: false })).rejects.toBeInstanceOf(BlockedUrlError);
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s even when private addresses are allowed', async (url) => {
    await expect(assertPublicUrl(url, { allowPrivate: true })).rejects.toBeInstanceOf(BlockedUrlError);
  });

  it('accepts public addresses', async () => {
    await expect(
      assertPublicUrl('https://93.184.215.14/hook', { allowPrivate: false }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      assertPublicUrl('https://[2606:4700::1111]/', { allowPrivate: false }),
    ).resolves.toBeInstanceOf(URL);
    expect(isBlockedAddress('8.8.8.8')).toBe(false);
    expect(isBlockedAddress('::ffff:8.8.8.8')).toBe(false);
  });

  describe('guardedPost and guardedGet', () => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    it('does not connect to a loopback receiver unless allowed, by address or by name', async () => {
      await expect(guardedPost(receiver.url, '{}', {}, { allowPrivate: false })).rejects.toBeInstanceOf(
        BlockedUrlError,
      );
      const byName = receiver.url.replace('127.0.0.1', 'localhost');
      await expect(guardedPost(byName, '{}', {}, { allowPrivate: false })).rejects.toBeInstanceOf(
        BlockedUrlError,
      );
      expect(receiver.received).toHaveLength(0);
    });

    it('posts when private addresses are allowed', async () => {
      const result = await guardedPost(
        `${receiver.url}/x`,
        '{"a":1}',
        { 'content-type': 'application/json' },
        { allowPrivate: true },
      );
      expect(result.status).toBe(200);
      expect(receiver.received.at(-1)).toMatchObject({ method: 'POST', url: '/x', body: '{"a":1}' });
    });

    it('gets a document, and refuses one larger than asked for rather than cutting it', async () => {
      receiver.serve('<doc>' + 'x'.repeat(2000) + '</doc>');
      const got = await guardedGet(`${receiver.url}/doc`, {}, { allowPrivate: true, maxBytes: 4096 });
      expect(got).toMatchObject({ status: 200, body: expect.stringMatching(/^<doc>x+<\/doc>$/) });
      await expect(
        guardedGet(`${receiver.url}/doc`, {}, { allowPrivate: true, maxBytes: 1024 }),
      ).rejects.toThrow(/larger than 1 KB/);
      await expect(
        guardedGet(`${receiver.url}/doc`, {}, { allowPrivate: false, maxBytes: 4096 }),
      ).rejects.toBeInstanceOf(BlockedUrlError);
    });
  });
});
