// Outbound HTTP to user-supplied URLs (Slack and webhook alerts, SAML metadata, OpenID Connect
// discovery and the requests that follow it) with an SSRF guard: only http(s),
// and never to private, loopback, link-local, CGNAT, multicast or reserved addresses unless the
// installation allows it (WEBHOOK_ALLOW_PRIVATE). The address checked is the address connected to,
// so a DNS answer that changes between check and connect (rebinding) cannot slip through.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

const BLOCKED_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relay
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
];
const BLOCKED_V6 = [
  '::/128', // unspecified
  '::1/128', // loopback
  '64:ff9b::/96', // NAT64
  '100::/64', // discard
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  'fc00::/7', // unique local (ULA)
  'fe80::/10', // link-local
  'fec0::/10', // site-local (deprecated)
  'ff00::/8', // multicast
];

const blockList = new BlockList();
for (const cidr of BLOCKED_V4) {
  const [net, prefix] = cidr.split('/');
  blockList.addSubnet(net, Number(prefix), 'ipv4');
}
for (const cidr of BLOCKED_V6) {
  const [net, prefix] = cidr.split('/');
  blockList.addSubnet(net, Number(prefix), 'ipv6');
}

export class BlockedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedUrlError';
  }
}

/** True for addresses outbound alerts must not reach (private, loopback, link-local, …). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockList.check(address, 'ipv4');
  if (family === 6) return blockList.check(address, 'ipv6');
  return true; // not an address at all
}

export interface GuardOptions {
  allowPrivate: boolean;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError('Not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedUrlError('Only http:// and https:// URLs are allowed.');
  }
  return url;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(new BlockedUrlError(`The host ${host} could not be resolved.`)) : resolve(addresses),
    ),
  );
}

function refuse(host: string, address: string): never {
  throw new BlockedUrlError(
    host === address
      ? `The address ${address} is private, loopback or reserved; alerts can only go to public addresses.`
      : `The host ${host} resolves to ${address}, a private, loopback or reserved address; alerts can only go to public addresses.`,
  );
}

/** Checks a URL the way a delivery would: scheme, then every address its host resolves to. */
export async function assertPublicUrl(raw: string, options: GuardOptions): Promise<URL> {
  const url = parseHttpUrl(raw);
  if (options.allowPrivate) return url;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isBlockedAddress(host)) refuse(host, host);
    return url;
  }
  const addresses = await resolveAll(host);
  for (const { address } of addresses) if (isBlockedAddress(address)) refuse(host, address);
  return url;
}

// A dns.lookup replacement for http.request that refuses blocked answers at connect time.
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = addresses.find((a) => isBlockedAddress(a.address));
      if (bad && !allowPrivate) {
        return callback(
          new BlockedUrlError(
            `The host ${hostname} resolves to ${bad.address}, a private or reserved address.`,
          ),
          [],
        );
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface PostResult {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

interface SendOptions extends GuardOptions {
  timeoutMs?: number;
  /** Bytes of the answer kept; beyond it the answer is cut (`truncate`) or refused. */
  maxBytes: number;
  overflow: 'truncate' | 'refuse';
}

async function send(
  raw: string,
  method: string,
  body: string | null,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<PostResult> {
  const url = await assertPublicUrl(raw, { allowPrivate: options.allowPrivate });
  const client = url.protocol === 'https:' ? https : http;
  const sized = body === null ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise<PostResult>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        headers: sized,
        lookup: guardedLookup(options.allowPrivate) as unknown as typeof dnsLookup,
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= options.maxBytes) chunks.push(chunk);
          else if (options.overflow === 'refuse') {
            reject(new Error(`The answer is larger than ${options.maxBytes / 1024} KB.`));
            response.destroy();
          }
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The receiver did not answer in time.')));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** POSTs a body to a user-supplied URL through the SSRF guard; never follows redirects. */
export function guardedPost(
  raw: string,
  body: string,
  headers: Record<string, string>,
  options: GuardOptions & { timeoutMs?: number },
): Promise<PostResult> {
  return send(raw, 'POST', body, headers, { ...options, maxBytes: MAX_RESPONSE_BYTES, overflow: 'truncate' });
}

/** GETs a document from a user-supplied URL through the SSRF guard; never follows redirects. */
export function guardedGet(
  raw: string,
  headers: Record<string, string>,
  options: GuardOptions & { timeoutMs?: number; maxBytes: number },
): Promise<PostResult> {
  return send(raw, 'GET', null, headers, { ...options, overflow: 'refuse' });
}

/** What a library's fetch call may carry (openid-client sends strings and URLSearchParams). */
interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A Fetch-API function for libraries that accept one (openid-client's customFetch): every request
 * goes through the guard, redirects are answered as they are (never followed), answers beyond
 * maxBytes are refused.
 */
export function guardedFetch(options: GuardOptions & { timeoutMs?: number; maxBytes: number }) {
  return async (input: string | URL, init: FetchInit = {}): Promise<Response> => {
    const { body } = init;
    if (
      body !== undefined &&
      body !== null &&
      typeof body !== 'string' &&
      !(body instanceof URLSearchParams)
    ) {
      throw new TypeError('Only string and form bodies are sent.');
    }
    const result = await send(
      String(input),
      init.method ?? 'GET',
      body ? String(body) : null,
      init.headers ?? {},
      {
        ...options,
        overflow: 'refuse',
      },
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(result.headers)) {
      for (const v of [value ?? []].flat()) headers.append(name, v);
    }
    return new Response(NULL_BODY_STATUSES.has(result.status) ? null : result.body, {
      status: result.status,
      headers,
    });
  };
}
