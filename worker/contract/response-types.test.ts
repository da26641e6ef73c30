import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One source per response shape (docs/decisions/068-one-source-per-response-shape.md): a success body
 * is a zod schema in worker/contract/responses/, the server's type is its `z.infer`, and the SPA's is
 * the generated `components['schemas'][…]`. A hand-written interface beside the schema drifts from it
 * unnoticed, so no exported type of worker/contract/*.ts may carry a response schema's name unless it
 * is inferred from a schema.
 */
const CONTRACT = fileURLToPath(new URL('.', import.meta.url));
const RESPONSES = fileURLToPath(new URL('./responses/', import.meta.url));

const sourceFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => ({ name, source: ts.createSourceFile(name, readFileSync(dir + name, 'utf8'), ts.ScriptTarget.Latest, true) }));

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** `UpscaleStatusResponse`, `upscaleStatusBody` and `UpscaleStatusSchema` name one shape. */
const normalise = (name: string) => pascal(name).replace(/(Body|Response|Schema)$/, '');

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Every name a response schema goes by: its exported constant's name and its OpenAPI component id (`.meta({ id })`). */
function responseSchemaNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const { name: file, source } of sourceFiles(RESPONSES)) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableStatement(node) && isExported(node)) {
        for (const { name } of node.declarationList.declarations)
          names.set(normalise(name.getText()), `responses/${file}: ${name.getText()}`);
      }
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'id' && ts.isStringLiteral(node.initializer)) {
        const call = node.parent.parent;
        if (ts.isCallExpression(call) && call.expression.getText().endsWith('.meta')) {
          names.set(normalise(node.initializer.text), `responses/${file}: meta id ${node.initializer.text}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

/** A type alias spelled as `z.infer<…>` (or `z.output`/`z.input`) is derived from its schema. */
const isInferred = (node: ts.TypeAliasDeclaration) => /^z\.(infer|output|input)</.test(node.type.getText());

/** Exported interfaces and type aliases of worker/contract/*.ts written by hand. */
function handWrittenTypes(): { name: string; where: string }[] {
  return sourceFiles(CONTRACT).flatMap(({ name: file, source }) =>
    source.statements.flatMap((node) => {
      if (ts.isInterfaceDeclaration(node) && isExported(node)) return [{ name: node.name.text, where: file }];
      if (ts.isTypeAliasDeclaration(node) && isExported(node) && !isInferred(node)) return [{ name: node.name.text, where: file }];
      return [];
    }),
  );
}

describe('response shapes have one source', () => {
  it('finds the response schemas and the contract types it compares', () => {
    const schemas = responseSchemaNames();
    expect(schemas.get('GenerationStatus')).toBeDefined();
    expect(schemas.get('UpscaleStatus')).toBeDefined();
    expect(handWrittenTypes().map((t) => t.name)).toContain('JobStatus');
  });

  it('no hand-written contract type repeats a response schema', () => {
    const schemas = responseSchemaNames();
    const repeats = handWrittenTypes()
      .filter((type) => schemas.has(normalise(type.name)))
      .map((type) => `${type.where}: ${type.name} repeats ${schemas.get(normalise(type.name))}`);
    expect(repeats).toEqual([]);
  });
});
