import { describe, expect, it } from 'vitest';
import { suggestMapping } from './header-mapping';

describe('suggestMapping', () => {
  it('matches synonyms ignoring case and punctuation, using each header once', () => {
    const mapping = suggestMapping(['Work E-mail', 'First Name', 'Surname', 'Dept.'], {
      email: ['email', 'work email'],
      firstName: ['first name'],
      lastName: ['last name', 'surname'],
      department: ['department', 'dept'],
      team: ['dept'],
    });
    expect(mapping).toEqual({ email: 'Work E-mail', firstName: 'First Name', lastName: 'Surname', department: 'Dept.' });
  });

  it('leaves fields without a matching header out', () => {
    expect(suggestMapping(['Foo'], { email: ['email'] })).toEqual({});
  });
});
