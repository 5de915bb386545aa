// The organization's forwarding address, invoices+<token>@INBOUND_DOMAIN, and finding it among a
// message's recipients (issue 18).
import { randomBytes } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import type { DbOrTx } from '../../db/client';
import { getInboundEmailToken, setInboundEmailToken } from '../organizations';

export const ADDRESS_LOCAL_PART = 'invoices';

/** 24 lower-case hex characters (96 bits): unguessable, and safe in any mail system's local part. */
export function newInboundToken(): string {
  return randomBytes(12).toString('hex');
}

export function inboundAddress(token: string, domain: string): string {
  return `${ADDRESS_LOCAL_PART}+${token}@${domain}`;
}

/** The organization's token, created on first use (concurrent first uses agree on one). */
export async function getOrCreateInboundToken(db: DbOrTx, orgId: string): Promise<string> {
  const existing = await getInboundEmailToken(db, orgId);
  if (existing) return existing;
  const created = await setInboundEmailToken(db, orgId, newInboundToken(), true);
  return created ?? (await getInboundEmailToken(db, orgId))!;
}

/** A new token: the old address stops working at once. */
export async function regenerateInboundToken(db: DbOrTx, orgId: string): Promise<string> {
  const token = newInboundToken();
  await setInboundEmailToken(db, orgId, token, false);
  return token;
}

const TOKEN = /^[a-z0-9]{20,64}$/;

/** The token of one address (`Name <invoices+TOKEN@domain>` or bare), or null when it is not ours. */
export function tokenOfAddress(address: string, domain: string): string | null {
  const bare = address
    .trim()
    .replace(/^.*<([^>]*)>.*$/, '$1')
    .trim()
    .toLowerCase();
  const at = bare.lastIndexOf('@');
  if (at < 0 || bare.slice(at + 1) !== domain.toLowerCase()) return null;
  const local = bare.slice(0, at);
  const plus = local.indexOf('+');
  if (plus < 0 || local.slice(0, plus) !== ADDRESS_LOCAL_PART) return null;
  const token = local.slice(plus + 1);
  return TOKEN.test(token) ? token : null;
}

/** Headers that may carry our address: an auto-forward keeps the original To, and adds these. */
export const RECIPIENT_HEADERS = ['delivered-to', 'x-original-to', 'x-forwarded-to', 'to', 'cc'];

/** Every address in header values such as `"A" <a@x>, b@y` (groups flattened). */
export function addressesIn(values: string[]): string[] {
  return values.flatMap((value) =>
    addressparser(value, { flatten: true })
      .map((entry) => entry.address)
      .filter(Boolean),
  );
}

/** The distinct tokens among addresses, in order. */
export function tokensOf(addresses: string[], domain: string): string[] {
  const tokens = addresses.map((a) => tokenOfAddress(a, domain)).filter((t): t is string => t !== null);
  return [...new Set(tokens)];
}
