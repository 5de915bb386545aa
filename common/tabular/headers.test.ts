import { describe, expect, it } from 'vitest';
import { isKnownHeader, mappingByHeader, normalizeHeader, suggestMapping } from './headers';

describe('normalizeHeader', () => {
  it('reduces headers to plain words, dropping accents and bracketed units', () => {
    expect(normalizeHeader('Next_Renewal-Date (UTC)')).toBe('next renewal date');
    expect(normalizeHeader('Empfänger/Zahlungspflichtiger')).toBe('empfanger zahlungspflichtiger');
    expect(normalizeHeader('(EUR)')).toBe('eur');
  });
});

describe('suggestMapping', () => {
  const people = {
    email: ['email', 'work email'],
    firstName: ['first name'],
    lastName: ['last name', 'surname'],
    department: ['department', 'dept'],
    team: ['dept'],
  };

  it('matches synonyms ignoring case, accents and punctuation, using each header once', () => {
    const headers = ['Work E-mail', 'First Name', 'Surname', 'Dept.'];
    const mapping = suggestMapping(headers, people);
    expect(mapping).toEqual({ email: 0, firstName: 1, lastName: 2, department: 3 });
    expect(mappingByHeader(headers, mapping)).toEqual({
      email: 'Work E-mail',
      firstName: 'First Name',
      lastName: 'Surname',
      department: 'Dept.',
    });
  });

  it('prefers the earliest synonym by default, the first column in column order', () => {
    const synonyms = { date: ['transaction date', 'date'], amount: ['amount', 'cost'] };
    expect(suggestMapping(['Date', 'Transaction Date'], synonyms)).toEqual({ date: 1 });
    expect(
      suggestMapping(['Annual Cost (EUR)', 'Cost'], synonyms, { order: 'columns', fuzzy: true }),
    ).toEqual({
      amount: 0,
    });
    expect(suggestMapping(['Annual Cost (EUR)', 'Cost'], synonyms, { order: 'columns' })).toEqual({
      amount: 1,
    });
  });

  it('leaves fields without a matching header out and recognises header cells', () => {
    expect(suggestMapping(['Foo'], { email: ['email'] })).toEqual({});
    expect(isKnownHeader('E-Mail', people)).toBe(true);
    expect(isKnownHeader('12.50', people)).toBe(false);
  });
});
