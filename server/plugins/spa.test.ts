import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

const dist = mkdtempSync(path.join(os.tmpdir(), 'stackwise-spa-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const app = Fastify();

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  // What the build writes: each text asset with its brotli and gzip copies beside it.
  writeFileSync(path.join(dist, 'assets/app-3f2a.js'), script);
  writeFileSync(path.join(dist, 'assets/app-3f2a.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets/app-3f2a.js.gz'), gzipSync(script));
  await registerSpa(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web bundle', () => {
  it('serves hashed assets precompressed, in the best encoding the browser accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/app-3f2a.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await app.inject({ url: '/assets/app-3f2a.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/app-3f2a.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client-side routes with index.html that is never cached, and unknown API paths with JSON 404s', async () => {
    const page = await app.inject({ url: '/app/subscriptions' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });
});
