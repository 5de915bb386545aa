// A person's name as the product shows it (members, people, owners, inviters, audit actors): first
// and last name, else the e-mail address. Server and web use this one definition.

interface Named {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** First and last name; '' when neither is set. */
export function fullName(person: Pick<Named, 'firstName' | 'lastName'>): string {
  return `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();
}

/** The full name, else the e-mail address ('' when there is neither). */
export function displayName(person: Named): string {
  return fullName(person) || (person.email ?? '');
}
