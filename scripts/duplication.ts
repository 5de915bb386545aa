import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// Duplication of product code and tests, in pairs per 1,000 non-blank lines (issue 33 target: ≤ 7).
// `npx tsx scripts/duplication.ts [--most N]` copies the counted files into a temporary folder
// without git and runs `duplicates --repo <that folder>` over them, so what is counted does not
// depend on what git tracks elsewhere. Pairs: every pair `duplicates` reports (its first line).
// Lines: the non-blank lines of the counted files.

const COUNTED_ROOTS = ['common/', 'server/', 'web/', 'scripts/', 'e2e/'];
const COUNTED_ENDINGS = ['.ts', '.tsx', '.css'];

// Generated files, fixtures and corpora: data written in code, not logic anyone rewrites.
const SET_ASIDE = [
  /^server\/db\/migrations\//,
  /\.generated\.ts$/,
  /(^|\/)fixtures\//,
  /fixtures\.ts$/,
  /^common\/catalog\/apps\//,
  /^server\/modules\/expenses\/matching\/real-descriptors\.ts$/,
];

export function isCounted(path: string): boolean {
  return (
    COUNTED_ROOTS.some((root) => path.startsWith(root)) &&
    COUNTED_ENDINGS.some((ending) => path.endsWith(ending)) &&
    !SET_ASIDE.some((pattern) => pattern.test(path))
  );
}

function countedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter(isCounted);
}

function nonBlankLines(path: string): number {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length;
}

function measure(most: number): void {
  const files = countedFiles();
  const copy = mkdtempSync(join(tmpdir(), 'duplication-'));
  try {
    let lines = 0;
    for (const file of files) {
      mkdirSync(join(copy, dirname(file)), { recursive: true });
      copyFileSync(file, join(copy, file));
      lines += nonBlankLines(file);
    }
    const report = execFileSync('duplicates', ['--repo', copy, '--seconds', '300', '--most', String(most)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const pairs = Number(/^(\d+) pairs/m.exec(report)?.[1] ?? 0);
    console.log(report.trimEnd());
    console.log(
      `\n${pairs} pairs over ${lines} non-blank lines in ${files.length} files: ` +
        `${((pairs / lines) * 1000).toFixed(2)} pairs per 1,000 lines`,
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const mostFlag = process.argv.indexOf('--most');
measure(mostFlag >= 0 ? Number(process.argv[mostFlag + 1]) : 8);
