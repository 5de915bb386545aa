// Amounts and dates as invoices print them: decimal comma or point, thousands grouped with dots,
// commas, apostrophes or spaces, month names in six languages.
import { describe, expect, it } from 'vitest';
import { amountsIn, datesIn, moneyContext } from './amounts';

const amount = (text: string) => amountsIn(text, moneyContext(text), 'EUR')[0]?.minor ?? null;

describe('amountsIn', () => {
  const printed: Array<[string, number]> = [
    ['1,234.56 €', 123456],
    ['1.234,56 €', 123456],
    ["CHF 1'234.56", 123456],
    ['1 234,56 €', 123456],
    ['€ 1.234,56', 123456],
    ['1234,56 EUR', 123456],
    ['1234.56 EUR', 123456],
    ['0,99 €', 99],
  ];
  it.each(printed)('reads "%s"', (text, minor) => {
    expect(amount(text)).toBe(minor);
  });
});

describe('datesIn', () => {
  const printed: Array<[string, string]> = [
    ['20. November 2014', '2014-11-20'],
    ['20 novembre 2014', '2014-11-20'],
    ['20 noviembre 2014', '2014-11-20'],
    ['20 november 2014', '2014-11-20'],
    ['20 settembre 2014', '2014-09-20'],
    ['20 ottobre 2014', '2014-10-20'],
    ['3 maggio 2014', '2014-05-03'],
    ['24 MAR 18', '2018-03-24'],
  ];
  it.each(printed)('reads "%s"', (text, date) => {
    expect(datesIn(`Datum ${text}`, 'dmy')[0]?.date).toBe(date);
  });
});
