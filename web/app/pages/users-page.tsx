import { PersonLicensesCell } from '@/features/licenses';
import { UsersPage } from '@/features/people';

/** /app/users: the people list, each row with the licenses feature's editable licenses cell. */
export function UsersPageWithLicenses() {
  return <UsersPage licensesCell={(cell) => <PersonLicensesCell {...cell} />} />;
}
