// The received message's MIME, read with mailparser: headers, body as plain text, attachments
// (sniffed, named safely, hashed, at most INBOUND_MAX_ATTACHMENTS read), nested forwarded messages
// (message/rfc822 parts) read as if their body and attachments were the message's own.
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import { INBOUND_MAX_ATTACHMENTS } from '../../../../common/contracts/invoice-forwarding';
import { safeFileName, sniffDocumentType } from '../../../lib/document-type';
import { htmlToPlainText, tidy } from './html';
import type { ParsedAttachment, ParsedMessage } from './types';

export interface MimeRead {
  parsed: ParsedMessage;
  /** Display name of the sender (Stripe receipts come from stripe.com in the merchant's name). */
  fromName: string;
  /** Display name of the original sender of a manual forward. */
  originalFromName: string | null;
  /** The sender marks it as bulk mail (List-Unsubscribe, Precedence: bulk). */
  bulk: boolean;
  /** Why it cannot be read at all, or null. */
  malformed: string | null;
  /** Links of the bodies (HTML hrefs and text URLs): confirmation links hide in hrefs. */
  links: string[];
}

/** How deep forwarded-as-attachment messages are opened. */
const MAX_NESTING = 3;
/** Below this much body text, inline images may be the document itself (a pasted scan). */
const SCANT_BODY = 200;

const PARSE_OPTIONS = {
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
  skipTextLinks: true,
  maxHtmlLengthToParse: 5_000_000,
  // mailsplit's default (1,000 parts) refuses a message with 1,000 attachments outright; the
  // 25 MB size limit bounds the work, the attachment limit what is kept.
  maxChildNodes: 5_000,
} as const;

const ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z]{2,}/i;

function firstAddress(value: AddressObject | AddressObject[] | undefined): { address: string; name: string } {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  for (const object of list) {
    for (const entry of object.value) {
      if (entry.address) return { address: entry.address.toLowerCase(), name: entry.name ?? '' };
    }
  }
  return { address: '', name: '' };
}

function allAddresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((o) => o.value.flatMap((e) => (e.address ? [e.address.toLowerCase()] : [])));
}

/** The body as plain text: the HTML part converted when there is one, else the text part. */
function bodyText(mail: ParsedMail): string {
  const html = typeof mail.html === 'string' ? htmlToPlainText(mail.html) : '';
  return html || tidy(mail.text ?? '');
}

const FORWARD_MARKER =
  /^(?:-{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|message transféré|mensaje reenviado)\s*-{2,}|begin forwarded message:?|_{10,})\s*$/i;
const FROM_LINE = /^\*?(?:from|von|de|da)\s*:\*?\s*(.+)$/i;
const HEADER_LINE = /^\*?(?:sent|date|subject|to|cc|gesendet|datum|betreff|an|envoyé|objet|à)\s*:/i;

/** The original sender of a manual forward ("---------- Forwarded message", Outlook's "From: … Sent: …"). */
export function forwardedSender(text: string): { address: string; name: string } | null {
  const lines = text.split('\n').map((l) => l.trim());
  for (let i = 0; i < lines.length; i++) {
    const marker = FORWARD_MARKER.test(lines[i]);
    // Outlook's "From: … Sent: …", or a forwarded message's header block inlined by mailparser.
    const outlook =
      !marker &&
      FROM_LINE.test(lines[i]) &&
      lines.slice(i + 1, i + 4).filter((l) => HEADER_LINE.test(l)).length >=
        (/^\*?(sent|gesendet|envoyé)\s*:/i.test(lines[i + 1] ?? '') ? 1 : 2);
    if (!marker && !outlook) continue;
    for (let j = marker ? i + 1 : i; j < Math.min(lines.length, i + 8); j++) {
      const from = FROM_LINE.exec(lines[j]);
      const address = from ? ADDRESS.exec(from[1])?.[0] : undefined;
      if (!from || !address) continue;
      const name = from[1]
        .replace(/<[^>]*>|\[mailto:[^\]]*\]|\(mailto:[^)]*\)/gi, '')
        .replace(ADDRESS, '')
        .replace(/["*]/g, '')
        .trim();
      return { address: address.toLowerCase(), name };
    }
  }
  return null;
}

interface Collected {
  texts: string[];
  links: string[];
  attachments: Attachment[];
  nestedFrom: { address: string; name: string } | null;
}

async function collect(mail: ParsedMail, depth: number, into: Collected): Promise<void> {
  const text = bodyText(mail);
  if (text) into.texts.push(text);
  const raw = `${typeof mail.html === 'string' ? mail.html : ''}\n${mail.text ?? ''}`;
  for (const m of raw.matchAll(/https?:\/\/[^\s<>"')\]]+/g))
    if (into.links.length < 500) into.links.push(m[0].replace(/&amp;/g, '&'));
  for (const attachment of mail.attachments) {
    if (attachment.contentType?.toLowerCase() === 'message/rfc822' && depth < MAX_NESTING) {
      try {
        const inner = await simpleParser(
          attachment.content,
          PARSE_OPTIONS as Parameters<typeof simpleParser>[1],
        );
        const sender = firstAddress(inner.from);
        if (sender.address && !into.nestedFrom) into.nestedFrom = sender;
        into.texts.push(
          [
            '---------- Forwarded message ----------',
            `From: ${sender.name} <${sender.address}>`,
            `Subject: ${inner.subject ?? ''}`,
          ].join('\n'),
        );
        await collect(inner, depth + 1, into);
        continue;
      } catch {
        // An unreadable forwarded message stays an ordinary attachment.
      }
    }
    into.attachments.push(attachment);
  }
}

function readAttachment(attachment: Attachment): ParsedAttachment {
  const content = attachment.content;
  const sniffed = sniffDocumentType(content);
  const declared = (attachment.contentType || 'application/octet-stream').toLowerCase();
  const ext =
    sniffed?.ext ?? /\.([a-z0-9]{1,8})$/i.exec(attachment.filename ?? '')?.[1]?.toLowerCase() ?? 'bin';
  return {
    name: safeFileName(attachment.filename ?? '', ext),
    type: sniffed?.type ?? declared,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
  };
}

const EMPTY: ParsedMessage = {
  messageId: null,
  from: '',
  originalFrom: null,
  to: [],
  subject: '',
  date: null,
  text: '',
  attachments: [],
  skippedAttachments: 0,
};

/** Reads the MIME of a raw message; never throws (a message it cannot read comes back `malformed`). */
export async function readMime(raw: Buffer): Promise<MimeRead> {
  const blank = { parsed: EMPTY, fromName: '', originalFromName: null, bulk: false, links: [] };
  if (raw.length === 0 || raw.toString('latin1').trim() === '')
    return { ...blank, malformed: 'Empty message' };
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, PARSE_OPTIONS as Parameters<typeof simpleParser>[1]);
  } catch (error) {
    const tooMany = (error as { code?: string }).code === 'EMAXLEN';
    return { ...blank, malformed: tooMany ? 'Too many parts in the message' : 'Malformed message' };
  }
  const collected: Collected = { texts: [], links: [], attachments: [], nestedFrom: null };
  try {
    await collect(mail, 0, collected);
  } catch {
    return { ...blank, malformed: 'Malformed message' };
  }
  const text = collected.texts.join('\n\n');
  // Inline images are logos, unless the body has hardly any text: then one may be the invoice.
  const documents = collected.attachments.filter(
    (a) => !a.related || (text.length < SCANT_BODY && a.contentType?.startsWith('image/')),
  );
  const read = documents.slice(0, INBOUND_MAX_ATTACHMENTS).map(readAttachment);
  const sender = firstAddress(mail.from);
  const forwarded = collected.nestedFrom ?? forwardedSender(text);
  const messageId = mail.messageId?.trim().replace(/^<|>$/g, '') || null;
  const parsed: ParsedMessage = {
    messageId: messageId ? messageId.slice(0, 500) : null,
    from: sender.address,
    originalFrom: forwarded && forwarded.address !== sender.address ? forwarded.address : null,
    to: allAddresses(mail.to),
    subject: (mail.subject ?? '').slice(0, 1000),
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    text,
    attachments: read,
    skippedAttachments: documents.length - read.length,
  };
  const bulk =
    mail.headers.has('list-unsubscribe') ||
    mail.headers.has('list-id') ||
    /^(bulk|list)$/i.test(String(mail.headers.get('precedence') ?? ''));
  const nothing = !sender.address && !parsed.subject && !text && read.length === 0;
  // Not a message at all: none of the headers every mail program writes.
  const headerless = !['from', 'date', 'message-id', 'subject', 'to'].some((h) => mail.headers.has(h));
  return {
    parsed,
    fromName: sender.name,
    originalFromName: parsed.originalFrom ? (forwarded?.name ?? null) : null,
    bulk,
    malformed: nothing || headerless ? 'Malformed message' : null,
    links: collected.links,
  };
}
