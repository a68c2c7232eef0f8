import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers.ts';

/*
 * The generator and the theme know no site: the Vaultline site's name and its sidebar ids
 * live in its site.config.ts. A sidebar id counts as used when the code types, indexes,
 * compares or lists it as one; the same word as a folder name (`content/docs`) or a config
 * key (`config.docs`) is not a sidebar id.
 */

const SIDEBAR_IDS = new Set(['docs', 'api', 'sdk']);
const SIDEBARISH = /(sidebar|group)s?\)?$/i;

function textOf(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isIdentifier(node)) return node.text;
  return undefined;
}

/** A literal type `'docs'` that is not a config key (`Pick<SiteConfig, 'docs'>`, `ThemeConfig['docs']`). */
function isIdType(node: ts.LiteralTypeNode): boolean {
  const parent = node.parent.kind === ts.SyntaxKind.UnionType ? node.parent.parent : node.parent;
  if (ts.isIndexedAccessTypeNode(parent)) return false;
  if (ts.isTypeReferenceNode(parent) && ['Pick', 'Omit'].includes(parent.typeName.getText())) return false;
  return true;
}

/** Why a node uses a sidebar id of the Vaultline site, or undefined. */
function sidebarIdUse(node: ts.Node): string | undefined {
  const id = (n: ts.Node | undefined) => {
    const t = textOf(n);
    return t !== undefined && SIDEBAR_IDS.has(t) ? t : undefined;
  };
  if (ts.isLiteralTypeNode(node) && id(node.literal) && isIdType(node)) return `type '${id(node.literal)}'`;
  if (ts.isPropertyAccessExpression(node) && id(node.name) && SIDEBARISH.test(node.expression.getText())) return `${node.getText()}`;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && id(node.argumentExpression) && SIDEBARISH.test(node.expression.getText())) return node.getText();
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind)) {
    const [literal, other] = ts.isStringLiteral(node.right) ? [node.right, node.left] : [node.left, node.right];
    if (ts.isStringLiteral(literal) && id(literal) && SIDEBARISH.test(other.getText())) return node.getText();
  }
  if (ts.isCaseClause(node) && id(node.expression) && SIDEBARISH.test(node.parent.parent.expression.getText())) return node.expression.getText();
  if (ts.isArrayLiteralExpression(node) && new Set(node.elements.filter((e) => ts.isStringLiteral(e)).map(id).filter(Boolean)).size >= 2) return node.getText();
  if (ts.isObjectLiteralExpression(node) && new Set(node.properties.map((p) => id(p.name)).filter(Boolean)).size >= 2) return 'an object keyed by sidebar ids';
  return undefined;
}

/** Every use of a Vaultline sidebar id in a TypeScript source, as `line: what`. */
function sidebarIdUses(source: string, file = 'x.ts'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const use = sidebarIdUse(node);
    if (use) found.push(`${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${use}`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : /\.(ts|tsx|mjs|css|json)$/.test(e.name) ? [full] : [];
  });
}

const FILES = ['generator', 'theme'].flatMap((d) => sources(path.join(REPO, d)));

describe('the generator and the theme know no site', () => {
  it('name Vaultline nowhere', () => {
    const named = FILES.filter((f) => /vaultline/i.test(readFileSync(f, 'utf8'))).map((f) => path.relative(REPO, f));
    expect(named).toEqual([]);
  });

  it('use none of its sidebar ids', () => {
    const uses = FILES.filter((f) => /\.tsx?$/.test(f)).flatMap((f) => sidebarIdUses(readFileSync(f, 'utf8'), f).map((u) => `${path.relative(REPO, f)}:${u}`));
    expect(uses).toEqual([]);
  });

  it('finds the ways the generator used them', () => {
    expect(sidebarIdUses("export type SidebarGroup = 'docs' | 'api' | 'sdk';")).toHaveLength(3);
    expect(sidebarIdUses("for (const group of ['docs', 'api', 'sdk'] as const) {}")).toHaveLength(1);
    expect(sidebarIdUses("const TITLES = { docs: 'Docs', api: 'API reference', sdk: 'SDKs' };")).toHaveLength(1);
    expect(sidebarIdUses("use(sidebars.api, content.sidebars['sdk'], config.sidebars.docs);")).toHaveLength(3);
    expect(sidebarIdUses("if (doc.group === 'api' || 'sdk' !== displayedSidebar) {}")).toHaveLength(2);
    expect(sidebarIdUses("switch (group) { case 'docs': break; }")).toHaveLength(1);
  });

  it('leaves the same words as folder names and config keys alone', () => {
    const innocent = [
      "const dir = path.join(root, 'content', 'docs');",
      "type T = Pick<SiteConfig, 'title' | 'docs'>;",
      "type V = ThemeConfig['docs']['versions'][number];",
      'const base = config.docs.routeBase;',
      "const route = `/docs/${id}`;",
    ];
    expect(innocent.flatMap((s) => sidebarIdUses(s))).toEqual([]);
  });
});
