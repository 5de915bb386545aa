import { describe, expect, it } from 'vitest';
import { matchMerchant } from './merchant';
import { merchantWords } from './merchant-normalize';

describe('matchMerchant', () => {
  it.each([
    // The examples from the brief.
    ['ZOOM.US 888-799-9666 CA', 'zoom'],
    ['GOOGLE*GSUITE_acme.com', 'google-workspace'],
    ['SQ *NOTION LABS', 'notion'],
    ['AWS EMEA', 'aws'],
    ['PAYPAL *ATLASSIAN', 'jira'],
    ['FIGMA INC', 'figma'],
    // Messier statement lines.
    ['MSFT *E0400KXYZ1', 'microsoft-365'],
    ['SLACK T01ABCDEF', 'slack'],
    ['OPENAI *CHATGPT SUBSCR', 'chatgpt'],
    ['ADOBE *CREATIVE CLD 800-833-6687 CA', 'adobe-creative-cloud'],
    ['LINKEDIN PRE 7382393', 'linkedin-sales-navigator'],
    ['CLAUDE.AI SUBSCRIPTION', 'claude'],
    ['WWW.1PASSWORD.COM', '1password'],
    ['DNH*GODADDY.COM', 'godaddy'],
    ['INTUIT *QBOOKS ONLINE', 'quickbooks'],
    ['DROPBOX*8XJ2KQ9 DROPBOX.COM CA', 'dropbox'],
    ['Amazon web services aws.amazon.co WA', 'aws'],
    ['HUBSPOT INC 888-482-7768 MA', 'hubspot'],
    ['GITHUB, INC.', 'github'],
    ['TST* CANVA', 'canva'],
    ['PADDLE.NET* N8N CLOUD1', 'n8n'],
    ['FS *SKETCH', 'sketch'],
    ['Recurring Payment CALENDLY', 'calendly'],
    ['Zoom Video Communications Inc', 'zoom'],
    ['FACEBK *ABCD1234', 'meta-ads'],
    ['ATLASSIAN PTY LTD SYDNEY', 'jira'],
    ['Microsoft 365 Business', 'microsoft-365'],
    ['MAIL CHIMP', 'mailchimp'],
    ['Notion Labs, Inc.', 'notion'],
    ['SQSP* INV123456', 'squarespace'],
  ])('%j → %s', (merchant, slug) => {
    expect(matchMerchant(merchant)?.app.slug).toBe(slug);
  });

  it.each([
    'AMZN Mktp US*2K4LT1234',
    'AMAZON.COM*MK1234',
    'Amazon Prime*2X3',
    'APPLE.COM/BILL',
    'STARBUCKS STORE 12345',
    'UBER *TRIP',
    '',
    '   ',
    '1234-5678',
  ])('%j matches nothing', (merchant) => {
    expect(matchMerchant(merchant)).toBeNull();
  });

  it('is fully confident when the cleaned string is a known alias', () => {
    expect(matchMerchant('ZOOM.US 888-799-9666 CA')?.confidence).toBe(1);
    expect(matchMerchant('SQ *NOTION LABS')?.confidence).toBe(1);
  });

  it('sets a trailing billing city aside: the alias is then nearly certain', () => {
    for (const text of ['AWS SAN FRANCISCO CA', 'AWS AMSTERDAM NL', 'SLACK DUBLIN IE', 'ZOOM.US INTERNET']) {
      expect(matchMerchant(text)?.confidence, text).toBe(0.95);
    }
    expect(matchMerchant('AWS SAN FRANCISCO CA')?.app.slug).toBe('aws');
    // A city is not a merchant on its own, and a city inside a name stays part of it.
    expect(matchMerchant('DUBLIN')).toBeNull();
    expect(matchMerchant('NEW YORK TIMES DIGITAL')?.app.slug ?? null).not.toBe('aws');
  });

  it('is less confident when extra words surround the alias', () => {
    const confidence = matchMerchant('GOOGLE*GSUITE_acme.com')?.confidence ?? 0;
    expect(confidence).toBeGreaterThan(0.7);
    expect(confidence).toBeLessThan(1);
  });

  it('tolerates one typo with low confidence', () => {
    const match = matchMerchant('DROPBX');
    expect(match?.app.slug).toBe('dropbox');
    expect(match?.confidence).toBeLessThan(0.8);
  });

  it('keeps confidence within 0..1', () => {
    for (const text of ['SLACK', 'LINEAR FITNESS CLUB', 'GOOGLE*GSUITE_acme.com', 'DROPBX']) {
      const confidence = matchMerchant(text)?.confidence ?? 0;
      expect(confidence).toBeGreaterThanOrEqual(0);
      expect(confidence).toBeLessThanOrEqual(1);
    }
  });
});

describe('merchantWords', () => {
  it('strips processor prefixes, phone numbers, domain suffixes, order ids and state codes', () => {
    expect(merchantWords('ZOOM.US 888-799-9666 CA')).toEqual(['ZOOM']);
    expect(merchantWords('SQ *NOTION LABS')).toEqual(['NOTION', 'LABS']);
    expect(merchantWords('PAYPAL *ATLASSIAN')).toEqual(['ATLASSIAN']);
    expect(merchantWords('AMZN Mktp US*2K4LT1234')).toEqual(['AMZN', 'MKTP']);
    expect(merchantWords('FIGMA INC')).toEqual(['FIGMA']);
  });

  it('keeps digit-bearing words the caller knows', () => {
    expect(merchantWords('MSFT 365', (w) => w === '365')).toEqual(['MSFT', '365']);
    expect(merchantWords('MSFT 365')).toEqual(['MSFT']);
  });
});
