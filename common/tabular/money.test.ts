import { describe, expect, it } from 'vitest';
import { toMinor } from '../money';
import { currencyIn, detectDecimalSeparator, dollarCurrencyFor } from './money';

describe('money in imported cells', () => {
  it('names currencies by ISO code or symbol; a bare "$" is the organization\'s dollar', () => {
    expect(currencyIn('1.234,56 EUR', 'USD')).toBe('EUR');
    expect(currencyIn('£12.50', 'USD')).toBe('GBP');
    expect(currencyIn('CA$ 20', 'USD')).toBe('CAD');
    expect(currencyIn('$20', dollarCurrencyFor('AUD'))).toBe('AUD');
    expect(currencyIn('$20', dollarCurrencyFor('EUR'))).toBe('USD');
    expect(currencyIn('20', 'USD')).toBeNull();
  });

  it('detects decimal commas and points, and amounts reach minor units either way', () => {
    expect(detectDecimalSeparator(['-1.234,56', '13,99', '250,00'], '.')).toBe(',');
    expect(detectDecimalSeparator(['1,234.56', '13.99'], ',')).toBe('.');
    expect(detectDecimalSeparator(['12', '13'], ',')).toBe(',');
    expect(toMinor('1.234,56', 'EUR', { decimalSeparator: ',' })).toBe(123456);
    expect(toMinor('1,234.56', 'USD', { decimalSeparator: '.' })).toBe(123456);
    expect(toMinor('1 234,56 €', 'EUR')).toBe(123456);
  });
});
