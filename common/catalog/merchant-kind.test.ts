import { describe, expect, it } from 'vitest';
import { merchantKind } from './merchant-kind';

describe('merchantKind: is a recurring charge software at all', () => {
  it('calls a gym, an airline, a hotel, a ride, a restaurant or a phone bill not software', () => {
    for (const line of [
      'PLANET FITNESS 800-555-0101',
      'LA FITNESS #123',
      'DELTA AIR LINES ATLANTA',
      'BRITISH AIRWAYS 125',
      'MARRIOTT HOTEL BOSTON',
      'HOTELS.COM 7234',
      'UBER *TRIP HELP.UBER.COM',
      'JOE PIZZA RESTAURANT',
      'T-MOBILE AUTOPAY',
      'AMZN MKTP US*2K4',
    ])
      expect(merchantKind(line), line).toBe('not-software');
  });

  it('believes the merchant category: a card MCC or a category column', () => {
    expect(merchantKind('UNITED 0162331', '4511')).toBe('not-software');
    expect(merchantKind('VERIZON WRLS', 'Telecommunications')).toBe('not-software');
    expect(merchantKind('PUREGYM LTD', 'Health clubs')).toBe('not-software');
    expect(merchantKind('ACME WIDGETS 123', '5734')).toBe('software');
    expect(merchantKind('ACME WIDGETS 123', 'Software & subscriptions')).toBe('software');
  });

  it('knows catalogue software, even under a category typed wrongly', () => {
    expect(merchantKind('ZOOM.US 888-799-9666')).toBe('catalogue');
    expect(merchantKind('NOTION LABS INC', 'Meals')).toBe('catalogue');
  });

  it('needs software evidence for a merchant the catalogue does not know', () => {
    expect(merchantKind('ACMEAPP.IO')).toBe('software');
    expect(merchantKind('FS *WIDGETPRO')).toBe('software');
    expect(merchantKind('PADDLE.NET* TOOLX')).toBe('software');
    expect(merchantKind('NORTHWIND CLOUD HOSTING')).toBe('software');
    expect(merchantKind('NORTHWIND PARTNERS 4471')).toBe('unknown');
    expect(merchantKind('PUREGYM LTD')).toBe('unknown');
  });
});
