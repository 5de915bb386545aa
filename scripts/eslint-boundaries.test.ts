import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary rule (eslint.boundaries.js) on virtual files: each case is what `npm run lint`
// says about one import line in one place.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function boundaryErrors(filePath: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module and feature boundaries', () => {
  it.each([
    ['server/modules/expenses/a.ts', "import { x } from '../renewals/renewals.repo';", /through its index/],
    [
      'server/modules/expenses/matching/a.ts',
      "import { x } from '../../renewals/renewals.repo';",
      /through its index/,
    ],
    [
      'server/plugins/a.ts',
      "import { x } from '../modules/organizations/identity.repo';",
      /through its index/,
    ],
    ['server/modules/expenses/a.ts', "import { x } from '../../../web/lib/cn';", /never imports web/],
    [
      'web/features/budgets/components/a.tsx',
      "import { x } from '@/features/vendors/api/get-vendors';",
      /imports no other feature/,
    ],
    [
      'web/features/budgets/components/a.tsx',
      "import { x } from '@/features/vendors';",
      /imports no other feature/,
    ],
    [
      'web/features/budgets/components/a.tsx',
      "import { x } from '../../vendors/api/get-vendors';",
      /imports no other feature/,
    ],
    [
      'web/features/budgets/components/a.tsx',
      "import { x } from '@/features/budgets/api/keys';",
      /relative path/,
    ],
    ['web/components/layout/a.tsx', "import { x } from '@/features/auth/api/get-user';", /through its index/],
    ['web/lib/a.ts', "import { x } from '../../server/errors';", /never imports server/],
    ['common/a.ts', "import { x } from '../server/errors';", /depends on nothing/],
  ])('%s: %s is refused', async (file, source, message) => {
    expect(await boundaryErrors(file, source)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['server/modules/expenses/a.ts', "import { x } from '../renewals';"],
    ['server/modules/expenses/a.ts', "import { x } from './expenses.repo';"],
    ['server/modules/expenses/matching/a.ts', "import { x } from '../expenses.repo';"],
    ['server/routes.ts', "import { x } from './modules/expenses/expenses.routes';"],
    ['web/features/budgets/components/a.tsx', "import { x } from '../api/keys';"],
    ['web/features/budgets/components/a.tsx', "import { x } from '@/lib/format';"],
    ['web/app/a.tsx', "import { x } from '@/features/vendors';"],
    ['web/features/budgets/components/a.test.tsx', "import { x } from '@/features/expenses/test/fixtures';"],
    ['common/a.ts', "import { x } from './money';"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
