// Feature files that still import another feature (through its index), with why. Issue 33 moves
// what features share into web/lib and web/components and composes multi-feature screens in
// web/app; this list only shrinks (scripts/eslint-boundaries.test.ts checks its size and that
// every entry is still needed). Never add to it: move the shared piece instead.
/** @type {Record<string, { features: string[]; why: string }>} */
export const featureImportAllowlist = {
  'web/features/people/components/person-row.tsx': {
    features: ['licenses'],
    why: 'each person row embeds the licenses PersonLicensesCell (with its assign and unassign mutations); next: pass it in from web/app',
  },
};
