/**
 * `npm run check:functions`: no function in production code is longer than MAX_LINES lines of code,
 * counted as a reader sees them — every non-blank line from the signature to the closing brace,
 * comments excluded, JSX included. Biome's `noExcessiveLinesPerFunction` counts JSX elements as
 * fewer lines than they take on screen (a 170-line component counted as 52), so this check reads the
 * TypeScript syntax tree instead. Tests are exempt, as in biome.json.
 *
 *   npm run check:functions            # fails listing each long function
 *   npm run check:functions -- --all   # also prints the ten longest, for a count
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 80;
const ROOTS = ['worker', 'web/src', 'db', 'scripts'];
const SKIP = /(\.test\.tsx?|\.test-support\.ts|\.gen\.ts|\.d\.ts)$|(^|\/)(node_modules|dist|locales)(\/|$)/;

export type LongFunction = { file: string; line: number; name: string; lines: number };

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (SKIP.test(path)) continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts)$/.test(entry)) yield path;
  }
}

/** Lines between `start` and `end` that hold code: blank lines and comment-only lines do not count. */
export function codeLines(text: string, start: number, end: number): number {
  const codeAt = new Uint8Array(end - start);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text, undefined, start, end - start);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia) continue;
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const from = scanner.getTokenStart() - start;
    codeAt.fill(1, from, Math.min(scanner.getTokenEnd() - start, codeAt.length));
  }
  let lines = 0;
  let lineHasCode = false;
  for (let i = 0; i < codeAt.length; i++) {
    if (codeAt[i]) lineHasCode = true;
    if (text.charCodeAt(start + i) === 10) {
      if (lineHasCode) lines++;
      lineHasCode = false;
    }
  }
  return lines + (lineHasCode ? 1 : 0);
}

function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

/** Every function-like node of one file longer than `max` code lines. */
export function longFunctions(file: string, text: string, max = MAX_LINES): LongFunction[] {
  const variant = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, variant);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = codeLines(text, node.getStart(source), node.getEnd());
      if (lines > max) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({ file, line, name: functionName(node), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main() {
  const cwd = process.cwd();
  const all = ROOTS.flatMap((root) =>
    [...sourceFiles(join(cwd, root))].flatMap((path) => longFunctions(relative(cwd, path), readFileSync(path, 'utf8'), 0)),
  ).sort((a, b) => b.lines - a.lines);
  const long = all.filter((f) => f.lines > MAX_LINES);
  if (process.argv.includes('--all')) {
    for (const f of all.slice(0, 10)) console.log(`${f.lines}\t${f.file}:${f.line} ${f.name}`);
  }
  if (long.length) {
    for (const f of long) console.error(`${f.file}:${f.line} ${f.name} has ${f.lines} lines of code (max ${MAX_LINES})`);
    console.error(`${long.length} functions over ${MAX_LINES} lines: split them.`);
    process.exit(1);
  }
  console.log(`No function over ${MAX_LINES} lines of code.`);
}

if (process.argv[1]?.endsWith('check-function-length.ts')) main();
