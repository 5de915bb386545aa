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

  it('reads a name a processor glued to its company form and cut to width, as read rather than seen', () => {
    for (const [text, slug] of [
      ['PAYPAL *ATLASSIANPT', 'jira'],
      ['PAYPAL *ZOOMVIDEOCO', 'zoom'],
      ['PAYPAL *CANVAPTYLIM', 'canva'],
      ['PAYPAL *SLACKTECHN', 'slack'],
      ['PAYPAL *DROPBOXINTE', 'dropbox'],
    ]) {
      const match = matchMerchant(text);
      expect(match?.app.slug, text).toBe(slug);
      expect(match?.confidence, text).toBeGreaterThanOrEqual(0.7);
      expect(match?.confidence, text).toBeLessThan(1);
    }
  });

  it('does not take a name glued to an ordinary word, or the first word of a longer name, for a cut-short name', () => {
    for (const text of [
      'PAYPAL *CANVASPRINTS',
      'PAYPAL *SLACKLINEGEAR',
      'PAYPAL *ZOOMCARINDIA',
      'PAYPAL *CREATIVE',
    ])
      expect(matchMerchant(text), text).toBeNull();
  });

  it('reads the payee of UK bank wording whatever date, reference or foreign amount follows it', () => {
    const wordings = [
      'CARD PAYMENT TO %s ON 30/01',
      'CARD PAYMENT TO %s ON 28-01-2023 OTT DEBIT',
      'CARD PAYMENT TO %s ,4.00 USD, RATE 0.8100/GBP ON 28-01-2023',
      'DIRECT DEBIT PAYMENT TO %s REF 6589503250, MANDATE NO 0019 EXTERNAL DIRECT DEBIT',
      'BILL PAYMENT VIA FASTER PAYMENT TO %s REFERENCE INV 1492',
    ];
    for (const [payee, slug] of [
      ['GITHUB', 'github'],
      ['ZOOM.US', 'zoom'],
      ['NOTION LABS, INC.', 'notion'],
    ])
      for (const wording of wordings) {
        const text = wording.replace('%s', payee);
        expect(matchMerchant(text)?.app.slug, text).toBe(slug);
        expect(matchMerchant(text)?.confidence, text).toBeGreaterThanOrEqual(0.7);
      }
    for (const payee of ['TESCO STORES 2345', 'BRITISH GAS', 'J SMITH'])
      expect(matchMerchant(`CARD PAYMENT TO ${payee} ON 30/01`), payee).toBeNull();
  });

  it("counts the vendor's name and the name written again as part of the name", () => {
    expect(matchMerchant('SINCH MAILGUN')).toMatchObject({ app: { slug: 'mailgun' }, confidence: 1 });
    expect(matchMerchant('Sinch Mailgun Mailgun.Com TX')?.app.slug).toBe('mailgun');
  });

  it('takes a short name followed by a company form for a company, whatever place follows', () => {
    expect(matchMerchant('OVH SAS ROUBAIX')?.app.slug).toBe('ovhcloud');
    expect(matchMerchant('OVH SAS ROUBAIX')?.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('never takes a name written as a web address for bank wording', () => {
    expect(matchMerchant('BILL.COM SAN JOSE CA')?.app.slug).toBe('bill');
    expect(matchMerchant('BILL.COM 650-353-3301 CA')?.app.slug).toBe('bill');
    expect(matchMerchant('BILL PAY NOTION')?.app.slug).toBe('notion');
    expect(matchMerchant('APPLE.COM/BILL 866-712-7753 CA')).toBeNull();
  });

  it('does not take money a software vendor moves (a loan, a payout) for its software', () => {
    for (const text of ['SHOPIFY CAPITAL', 'STRIPE PAYOUT 88312', 'STRIPE TRANSFER ST-Q8D2K1'])
      expect(matchMerchant(text), text).toBeNull();
  });

  it('sets merchant-of-record prefixes aside like processor prefixes', () => {
    expect(matchMerchant('LEMSQZY* RAYCAST')?.app.slug).toBe('raycast');
    expect(matchMerchant('FSPRG* SKETCH')?.app.slug).toBe('sketch');
    expect(matchMerchant('LEMSQZY* PIXELSNAP')).toBeNull();
  });

  it("starts the merchant at a processor's mark inside bank wording", () => {
    expect(matchMerchant('PAIEMENT CB 1203 PARIS PAYPAL *ZOOMVIDEOCO CARTE 4242')?.app.slug).toBe('zoom');
    expect(matchMerchant('KARTENZAHLUNG 12.03 BERLIN PADDLE.NET* N8N CLOUD')?.app.slug).toBe('n8n');
    expect(matchMerchant('PAIEMENT CB 1203 PARIS PAYPAL *BOULANGERIEM CARTE 4242')).toBeNull();
  });

  it('does not take a word one letter off a short name, or a plural of a name, for that name', () => {
    for (const text of ['CANVAS', 'PAYME', 'ASANAS']) expect(matchMerchant(text), text).toBeNull();
    expect(matchMerchant('NOTOIN')?.app.slug).toBe('notion'); // a slip in a longer name is still read
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

  it('keeps only the payee of UK bank wording', () => {
    expect(merchantWords('CARD PAYMENT TO GITHUB ,4.00 USD, RATE 0.8100/[ ON 28-01-2023 OTT DEBIT')).toEqual([
      'GITHUB',
    ]);
    expect(merchantWords('DIRECT DEBIT PAYMENT TO EE LIMITED REF Q227799, MANDATE NO 0011')).toEqual(['EE']);
  });

  it('keeps digit-bearing words the caller knows', () => {
    expect(merchantWords('MSFT 365', (w) => w === '365')).toEqual(['MSFT', '365']);
    expect(merchantWords('MSFT 365')).toEqual(['MSFT']);
  });
});
