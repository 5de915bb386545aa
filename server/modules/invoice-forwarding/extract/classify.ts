// What kind of message it is, before and after the fields are read: a mail provider's forwarding
// confirmation (Gmail, Outlook / Microsoft 365), a newsletter or marketing mail, or an invoice.
import type { ForwardingConfirmationFound } from './types';

interface Message {
  from: string;
  subject: string;
  text: string;
  links: string[];
}

const GMAIL_LINK = /^https:\/\/mail(?:-settings)?\.google\.com\/mail\/(?:u\/\d+\/)?vf-/i;
const MICROSOFT_SENDER =
  /@(?:[\w-]+\.)*(?:microsoft\.com|outlook\.com|office365\.com|office\.com|live\.com|microsoftonline\.com)$/i;
const MICROSOFT_LINK =
  /^https:\/\/(?:[\w-]+\.)*(?:live\.com|microsoft\.com|outlook\.com|office\.com|microsoftonline\.com)\//i;

/** Gmail's "Gmail Forwarding Confirmation" or Outlook's verification message, with its link and code. */
export function forwardingConfirmation(m: Message): ForwardingConfirmationFound | null {
  const gmail =
    /forwarding-noreply@google\.com$/i.test(m.from) ||
    /gmail forwarding confirmation|forwarding confirmation - receive mail from/i.test(m.subject);
  if (gmail) {
    const code =
      /confirmation code:?\s*(\d{6,12})/i.exec(m.text)?.[1] ??
      /\(#\s?(\d{6,12})\)/.exec(m.subject)?.[1] ??
      null;
    const link = m.links.find((l) => GMAIL_LINK.test(l)) ?? null;
    if (code || link) return { provider: 'gmail', link, code };
  }
  const words = `${m.subject}\n${m.text}`;
  const outlook =
    MICROSOFT_SENDER.test(m.from) &&
    /\b(?:verify|verification|confirm)\b/i.test(words) &&
    /\b(?:forward(?:ing)?|security code|verification code|email address|e-mail address)\b/i.test(words);
  if (outlook) {
    // "Security code: 4821", "use the code below to verify: 4821"
    const code = /\bcode\b[^\n\d]{0,40}?\b([A-Z]*\d[A-Z0-9]{3,9})\b/i.exec(m.text)?.[1] ?? null;
    const link =
      m.links.find((l) => MICROSOFT_LINK.test(l) && /verif|confirm|proof|forward/i.test(l)) ?? null;
    if (code || link) return { provider: 'outlook', link, code };
  }
  const generic =
    /\b(?:confirm|verify)\b.{0,40}\bforwarding\b|\bforwarding\b.{0,40}\b(?:confirmation|verification)\b/i.test(
      words,
    );
  if (generic) {
    const code =
      /\b(?:confirmation|verification)\s+code\s*:?\s*([A-Z0-9]{4,12})\b/i.exec(m.text)?.[1] ?? null;
    const link = m.links.find((l) => /verif|confirm/i.test(l)) ?? null;
    if (code || link) return { provider: 'other', link, code };
  }
  return null;
}

export const INVOICE_WORDS =
  /\b(?:invoice|receipt|tax invoice|billing statement|payment (?:received|confirmation|successful)|amount (?:due|paid)|rechnung|quittung|zahlungsbeleg|kassenbon|kassenbeleg|kassenzettel|facture|reçu|ticket de caisse|factura|recibo|fattura|ricevuta|scontrino|factuur|kassabon|kwitantie|faktura|rachunek|paragon|kvitto|kvittering|cash (?:sale|bill)|official receipt)\b/i;
export const RECEIPT_WORDS =
  /\b(?:receipt|quittung|zahlungsbeleg|kassenbon|kassenbeleg|kassenzettel|reçu|ticket de caisse|recibo|ricevuta|scontrino|kassabon|kwitantie|paragon|kvitto|kvittering|cash sale|official receipt|payment (?:received|confirmation|successful)|thanks for your (?:order|purchase)|your purchase of)\b/i;
export const MARKETING_WORDS =
  /\b(?:webinar|newsletter|unsubscribe|register now|save your seat|limited time|promo(?:tion)? code|sale ends|special offer|new features?|product update|black friday)\b|\d+\s?% off\b/i;

/** Mail about a bill that is not one: a failed payment, a renewal reminder, a shipping notice. */
export const NOT_A_BILL_TEXT =
  /\bpayment\b[^.\n]{0,30}\b(?:failed|was declined|declined|unsuccessful)\b|\b(?:couldn't|could not|were unable to|unable to) (?:process|charge|collect)\b/i;
export const NOT_A_BILL_SUBJECT =
  /\b(?:renews? soon|upcoming renewal|will (?:auto(?:matically)?[- ])?renew|trial (?:ends|is ending|expires)|has shipped|action required)\b/i;
