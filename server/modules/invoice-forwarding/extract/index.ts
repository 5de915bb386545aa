// Reads a raw received message into invoice fields: MIME (./mime.ts), the invoice document's text
// (PDF attachment first, else the HTML/text body), what kind of message it is (./classify.ts) and
// the fields with their confidence (./fields.ts). Pure: no database, and it never throws.
import { hasMoney } from './amounts';
import {
  forwardingConfirmation,
  INVOICE_WORDS,
  MARKETING_WORDS,
  NOT_A_BILL_SUBJECT,
  NOT_A_BILL_TEXT,
  RECEIPT_WORDS,
} from './classify';
import { mayBeEInvoice, readEInvoice, type EInvoiceRead } from './einvoice';
import { readFields, type FieldsRead } from './fields';
import { readPdfText } from '../../../lib/untrusted/reader';
import { readMime, type MimeRead } from './mime';
import { EMPTY_FIELDS, type ParsedAttachment, type ReadResult } from './types';
import { storableDeep } from '../../../lib/storable-text';

export type { ParsedAttachment, ParsedMessage, ReadResult } from './types';

/**
 * Reads text from an image (a scanned invoice). None is wired today: images are kept and marked
 * "needs review"; an OCR engine plugs in here without touching the rest of the reading.
 */
export type OcrHook = (image: { content: Buffer; type: string }) => Promise<string>;

export interface ReadOptions {
  ocr?: OcrHook;
}

const MAX_TEXT = 100_000;

interface Candidate {
  index: number | null;
  text: string;
}

const hasAmount = (read: FieldsRead) => read.fields.totalMinor !== null;

function base(mime: MimeRead): Omit<ReadResult, 'kind' | 'reason' | 'failed'> {
  return {
    parsed: mime.parsed,
    fields: { ...EMPTY_FIELDS, lineItems: [] },
    fieldConfidence: {},
    documentIndex: null,
    text: mime.parsed.text.slice(0, MAX_TEXT),
    confirmation: null,
  };
}

/**
 * Parses the raw MIME message and reads the invoice in it. Never throws on bad input. Every text
 * in the result is storable (no NUL, no lone surrogate): it goes to the database as it is.
 */
export async function readInboundMessage(raw: Buffer, options: ReadOptions = {}): Promise<ReadResult> {
  return storableDeep(await readRaw(raw, options));
}

async function readRaw(raw: Buffer, options: ReadOptions): Promise<ReadResult> {
  let mime: MimeRead | null = null;
  try {
    mime = await readMime(raw);
    return await readParsed(mime, options);
  } catch {
    const parsed = mime?.parsed ?? (await readMime(Buffer.alloc(0))).parsed;
    return {
      ...base({ parsed, fromName: '', originalFromName: null, bulk: false, malformed: null, links: [] }),
      kind: 'unknown',
      reason: 'The message could not be read',
      failed: true,
    };
  }
}

async function readParsed(mime: MimeRead, options: ReadOptions): Promise<ReadResult> {
  const { parsed } = mime;
  if (mime.malformed) return { ...base(mime), kind: 'unknown', reason: mime.malformed, failed: true };

  const confirmation = forwardingConfirmation({
    from: parsed.from,
    subject: parsed.subject,
    text: parsed.text,
    links: mime.links,
  });
  if (confirmation) {
    return {
      ...base(mime),
      kind: 'forwarding_confirmation',
      reason: 'Forwarding confirmation',
      failed: false,
      confirmation,
    };
  }

  // Each PDF's text; the problems of those that cannot be read.
  const pdfs: Candidate[] = [];
  const problems: Array<{ index: number; reason: string; password: boolean }> = [];
  const scans: number[] = [];
  // The first e-invoice found: a PDF's embedded XML (Factur-X, ZUGFeRD) or an XML attachment.
  let structured: { index: number; read: EInvoiceRead } | null = null;
  for (const [index, attachment] of parsed.attachments.entries()) {
    if (attachment.type === 'application/pdf') {
      const read = await readPdfText(attachment.content);
      if (!read.ok) problems.push({ index, reason: read.reason, password: read.password });
      else {
        if (read.text.replace(/\s/g, '').length < 20) scans.push(index);
        else pdfs.push({ index, text: read.text });
        for (const file of read.embeddedXml) {
          const einvoice: EInvoiceRead | null = structured ? null : readEInvoice(file.xml);
          if (einvoice) structured = { index, read: einvoice };
        }
      }
    } else if (attachment.type.startsWith('image/')) {
      scans.push(index);
    } else if (!structured && mayBeEInvoice(attachment.name, attachment.type)) {
      const einvoice = readEInvoice(attachment.content);
      if (einvoice) structured = { index, read: einvoice };
    }
  }
  if (options.ocr) {
    for (const index of scans.splice(0)) {
      const text = await ocrText(options.ocr, parsed.attachments[index]);
      if (text) pdfs.push({ index, text });
      else scans.push(index);
    }
  }

  const senders = [parsed.originalFrom, parsed.from].filter((s): s is string => Boolean(s));
  const senderNames = [mime.originalFromName, mime.fromName].filter((s): s is string => Boolean(s));
  const read = (c: Candidate) =>
    readFields({ text: c.text, subject: parsed.subject, senders, senderNames, sentAt: parsed.date });
  const body: Candidate = { index: null, text: parsed.text };
  const bodyRead = read(body);

  // The document: the PDF that reads most like an invoice, else the body.
  let chosen: { candidate: Candidate; read: FieldsRead } | null = null;
  for (const candidate of pdfs) {
    const r = read(candidate);
    const score = (INVOICE_WORDS.test(candidate.text) ? 2 : 0) + (hasAmount(r) ? 1 : 0);
    const best = chosen
      ? (INVOICE_WORDS.test(chosen.candidate.text) ? 2 : 0) + (hasAmount(chosen.read) ? 1 : 0)
      : -1;
    if (score > best) chosen = { candidate, read: r };
  }
  const pdfIsInvoice = chosen && INVOICE_WORDS.test(chosen.candidate.text) && hasAmount(chosen.read);
  if (!pdfIsInvoice && hasAmount(bodyRead) && INVOICE_WORDS.test(`${parsed.subject}\n${parsed.text}`)) {
    chosen = { candidate: body, read: bodyRead };
  }
  chosen ??= { candidate: body, read: bodyRead };
  if (structured) {
    // The e-invoice is the document: its PDF's text (or the body, for an XML attachment) only
    // fills what the XML does not say.
    const { index } = structured;
    const pdf = pdfs.find((p) => p.index === index);
    chosen = pdf ? { candidate: pdf, read: read(pdf) } : { candidate: { index, text: '' }, read: bodyRead };
  }
  const { candidate, read: fieldsRead } = chosen;
  const fields = { ...fieldsRead.fields };
  const confidence = { ...fieldsRead.confidence };
  if (structured) mergeStructured(fields, confidence, structured.read);
  if (candidate.index !== null) {
    // What the covering e-mail says and the document does not (the card charged, the workspace).
    for (const name of ['invoiceNumber', 'cardLast4', 'account', 'planName'] as const) {
      if (fields[name] === null && bodyRead.fields[name] !== null) {
        fields[name] = bodyRead.fields[name];
        confidence[name] = Math.round((bodyRead.confidence[name] ?? 0.5) * 80) / 100;
      }
    }
  }
  const text = [parsed.text, candidate.index !== null ? candidate.text : '']
    .filter(Boolean)
    .join('\n\n')
    .slice(0, MAX_TEXT);
  const result: ReadResult = {
    parsed,
    kind: 'unknown',
    reason: null,
    failed: false,
    fields,
    fieldConfidence: confidence,
    documentIndex: candidate.index,
    text,
    confirmation: null,
  };

  if (structured) {
    // An e-invoice is a bill whatever its covering words; a receipt only when its PDF's title says so.
    const receipt =
      candidate.text !== '' && !structured.read.creditNote && isReceipt('', candidate.text, true);
    return { ...result, kind: receipt ? 'receipt' : 'invoice' };
  }
  const words = `${parsed.subject}\n${candidate.text}`;
  const invoiceWords = INVOICE_WORDS.test(words);
  // A failed payment or a renewal reminder quotes an amount and an invoice, but books nothing.
  if (
    candidate.index === null &&
    (NOT_A_BILL_TEXT.test(candidate.text) || NOT_A_BILL_SUBJECT.test(parsed.subject))
  ) {
    return { ...result, kind: 'not_invoice', reason: 'Not an invoice' };
  }
  if (hasAmount(fieldsRead) && invoiceWords) {
    // Paid: the document is a receipt, or a receipt came with the invoice (Stripe sends both).
    const receipt =
      isReceipt(parsed.subject, candidate.text, candidate.index !== null) ||
      pdfs.some((p) => p !== candidate && isReceipt('', p.text, true));
    result.kind = receipt ? 'receipt' : 'invoice';
    return result;
  }
  // Nothing read as an invoice: say why, most specific first.
  const problem = problems.find((p) => p.password) ?? problems[0];
  if (problem) {
    return {
      ...result,
      documentIndex: problem.index,
      reason: problem.reason,
      failed: !problem.password && !invoiceWords,
    };
  }
  if (scans.length > 0) {
    const scan = parsed.attachments[scans[0]];
    const reason =
      scan.type === 'application/pdf' ? 'Scanned document: needs review' : 'Scanned image: needs review';
    return { ...result, documentIndex: scans[0], reason };
  }
  const marketing = MARKETING_WORDS.test(words) || mime.bulk;
  // No amount anywhere and no invoice named in the subject ("your order has shipped"): not a bill.
  // A subject naming an invoice or receipt waits for a person instead (a bill is never dropped).
  const noBill = !hasMoney(candidate.text) && !INVOICE_WORDS.test(parsed.subject);
  if (!invoiceWords || (marketing && !hasAmount(fieldsRead)) || noBill) {
    return { ...result, kind: 'not_invoice', reason: 'Not an invoice', documentIndex: null };
  }
  return { ...result, reason: 'No total found: needs review' };
}

/** What the e-invoice states wins, field by field, at its confidence; the text keeps the rest. */
function mergeStructured(
  fields: ReadResult['fields'],
  confidence: ReadResult['fieldConfidence'],
  xml: EInvoiceRead,
) {
  for (const name of Object.keys(xml.fields) as Array<keyof ReadResult['fields']>) {
    const value = xml.fields[name];
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(fields, { [name]: value });
    const score = xml.confidence[name as keyof EInvoiceRead['confidence']];
    if (score !== undefined) confidence[name as keyof EInvoiceRead['confidence']] = score;
  }
  // The vendor is the seller the XML names: a catalogue app the text guessed is not kept beside it.
  if (xml.fields.vendorName !== null) {
    fields.catalogSlug = xml.fields.catalogSlug;
    fields.vendorDomain = xml.fields.vendorDomain ?? fields.vendorDomain;
  }
}

const INVOICE_TITLE = /\b(?:invoice|rechnung|facture|factura|factuur|fattura)\b/i;

/** A receipt (paid) rather than an invoice: a PDF's own title says so, else the subject or body title. */
function isReceipt(subject: string, text: string, isDocument: boolean): boolean {
  const title = text.split('\n').find((l) => RECEIPT_WORDS.test(l) || INVOICE_TITLE.test(l)) ?? '';
  const receiptTitle = RECEIPT_WORDS.test(title) && !INVOICE_TITLE.test(title);
  const both = RECEIPT_WORDS.test(title) && INVOICE_TITLE.test(title); // "Tax Invoice / Receipt"
  if (isDocument && title && !both) return receiptTitle;
  if (RECEIPT_WORDS.test(subject) && !INVOICE_TITLE.test(subject)) return true;
  if (INVOICE_TITLE.test(subject) && !RECEIPT_WORDS.test(subject)) return false;
  return receiptTitle || both;
}

async function ocrText(ocr: OcrHook, attachment: ParsedAttachment): Promise<string> {
  try {
    return await ocr({ content: attachment.content, type: attachment.type });
  } catch {
    return '';
  }
}
