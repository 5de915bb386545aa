import { describe, expect, it } from 'vitest';
import { addressesIn, inboundAddress, newInboundToken, tokenOfAddress, tokensOf } from './address';
import { readHeaders } from './mime-headers';

const DOMAIN = 'inbound.stackwise.app';
const TOKEN = 'a1b2c3d4e5f6a7b8c9d0e1f2';

describe('the forwarding address', () => {
  it('has an unguessable lower-case token', () => {
    const token = newInboundToken();
    expect(token).toMatch(/^[0-9a-f]{24}$/);
    expect(newInboundToken()).not.toBe(token);
    expect(inboundAddress(token, DOMAIN)).toBe(`invoices+${token}@${DOMAIN}`);
  });

  it('finds the token case-insensitively, only on our domain and local part', () => {
    expect(tokenOfAddress(`invoices+${TOKEN}@${DOMAIN}`, DOMAIN)).toBe(TOKEN);
    expect(tokenOfAddress(`Invoices <INVOICES+${TOKEN.toUpperCase()}@Inbound.Stackwise.App>`, DOMAIN)).toBe(
      TOKEN,
    );
    expect(tokenOfAddress(`invoices+${TOKEN}@evil.example`, DOMAIN)).toBeNull();
    expect(tokenOfAddress(`billing+${TOKEN}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(tokenOfAddress(`invoices+short@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(tokenOfAddress(`invoices@${DOMAIN}`, DOMAIN)).toBeNull();
  });

  it('reads addresses out of header values, groups included', () => {
    const found = addressesIn([`"Finance" <finance@acme.example>, Team: invoices+${TOKEN}@${DOMAIN};`]);
    expect(found).toEqual(['finance@acme.example', `invoices+${TOKEN}@${DOMAIN}`]);
    expect(tokensOf([...found, `INVOICES+${TOKEN}@${DOMAIN}`], DOMAIN)).toEqual([TOKEN]);
  });
});

describe('readHeaders', () => {
  it('decodes encoded words and folded lines, and strips the Message-ID brackets', () => {
    const raw = Buffer.from(
      [
        'From: =?UTF-8?B?TcO8bGxlciBHbWJI?= <rechnung@mueller.example>',
        'To: invoices+x@y.z',
        'Subject: =?UTF-8?Q?Rechnung_Nr=2E_4711_=E2=80=93?=',
        '  =?UTF-8?Q?_M=C3=A4rz?=',
        'Message-ID:',
        ' <abc.123@mueller.example>',
        '',
        'Subject: not a header',
      ].join('\r\n'),
    );
    expect(readHeaders(raw)).toMatchObject({
      from: 'Müller GmbH <rechnung@mueller.example>',
      subject: 'Rechnung Nr. 4711 – März',
      messageId: 'abc.123@mueller.example',
    });
  });

  it('copes with a message without headers', () => {
    expect(readHeaders(Buffer.from('just text'))).toMatchObject({ messageId: null, subject: '', from: '' });
  });
});
