import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Two rules of the web app that review alone did not hold (issue 33):
 * - one file per endpoint: a feature's `api/` file has at most one function that sends a request
 *   (its fetcher or mutation request; the `queryOptions` and hook beside it only call that one);
 * - one form approach: a component that renders a `<form>` or handles `onSubmit` builds it with
 *   react-hook-form (`useForm`, with the zod resolver and the contracts' schemas).
 */

const WEB = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(WEB, 'features');

/** What sends a request from the browser: the api client, the upload helper, fetch and XMLHttpRequest. */
const REQUEST_CALLS = new Set(['apiGet', 'apiGetOr', 'apiRequest', 'postWithProgress', 'fetch']);

/**
 * Files with a form that do not call useForm themselves, each with its reason.
 * Keys are paths relative to web/.
 */
const FORM_EXCEPTIONS: Record<string, string> = {
  'components/ui/form-dialog.tsx':
    'the frame of a one-form dialog: each dialog builds its form with useForm and passes its handleSubmit',
  'features/audit-log/components/audit-filters.tsx':
    'a filter bar: its search box is a role="search" form whose Enter puts the text in the URL; nothing to validate',
};

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const isSource = (name: string) =>
  /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function parse(path: string): ts.SourceFile {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

function contains(node: ts.Node, found: (node: ts.Node) => boolean): boolean {
  return (
    found(node) || (ts.forEachChild(node, (child) => (contains(child, found) ? true : undefined)) ?? false)
  );
}

const sendsRequest = (node: ts.Node) =>
  (ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    REQUEST_CALLS.has(node.expression.text)) ||
  (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'XMLHttpRequest');

/**
 * The top-level functions (declarations or `const x = () => ...`, exported or not) that send a request
 * themselves; a hook that calls its file's fetcher does not count.
 */
function requestFunctions(file: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && contains(statement, sendsRequest)) {
      names.push(statement.name.text);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (
          ts.isIdentifier(declaration.name) &&
          declaration.initializer &&
          contains(declaration.initializer, sendsRequest)
        ) {
          names.push(declaration.name.text);
        }
      }
    }
  }
  return names;
}

function rendersForm(file: ts.SourceFile): boolean {
  return contains(
    file,
    (node) =>
      ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
        node.tagName.getText(file) === 'form') ||
      (ts.isJsxAttribute(node) && node.name.getText(file) === 'onSubmit'),
  );
}

const callsUseForm = (file: ts.SourceFile) =>
  contains(
    file,
    (node) =>
      ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useForm',
  );

const apiFiles = filesUnder(FEATURES, isSource).filter((path) => /\/api\/[^/]+$/.test(path));
const componentFiles = filesUnder(WEB, (name) => isSource(name) && name.endsWith('.tsx')).filter(
  (path) => !path.startsWith(join(WEB, 'test')),
);
const name = (path: string) => relative(FEATURES, path);

describe('web architecture', () => {
  it('finds the files it checks', () => {
    expect(apiFiles.length).toBeGreaterThan(100);
    expect(componentFiles.filter((path) => rendersForm(parse(path))).length).toBeGreaterThan(20);
  });

  it('puts one endpoint in each api file', () => {
    const crowded = apiFiles
      .map((path) => ({ file: name(path), requests: requestFunctions(parse(path)) }))
      .filter(({ requests }) => requests.length > 1)
      .map(({ file, requests }) => `${file}: ${requests.join(', ')}`);
    expect(crowded).toEqual([]);
  });

  it('builds every form with react-hook-form', () => {
    const handRolled = componentFiles
      .map(parse)
      .filter((file) => rendersForm(file) && !callsUseForm(file))
      .map((file) => relative(WEB, file.fileName))
      .filter((file) => !(file in FORM_EXCEPTIONS));
    expect(handRolled).toEqual([]);
  });

  it('keeps its exception list current', () => {
    const stale = Object.keys(FORM_EXCEPTIONS).filter((file) => {
      const source = parse(join(WEB, file));
      return !rendersForm(source) || callsUseForm(source);
    });
    expect(stale).toEqual([]);
  });
});
