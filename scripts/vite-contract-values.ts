// Web build only. A contract module (`contract/<area>.ts`) holds the area's texts and constants
// beside its zod schemas. A page that imports only a text would still load the whole module, and
// with it zod and the spec's messages (contract/messages.ts), about 23 KB of brotli, since a
// bundler keeps a module's imports whatever it uses of it. This plugin gives such imports a
// values-only view of the module: the top-level constants that are plain data (literals, objects,
// arrays, template strings, arrow functions, built from other plain constants), without calls.
// An import in web code whose names are all plain reads that view (`<file>?contract-values`);
// any other import (a schema, a function) reads the module itself, unchanged. Dev and tests run
// the sources as they are.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Plugin, parseAst, transformWithOxc } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const SUFFIX = '?contract-values';
const PREFIX = '\0contract-values:';

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Node types an initialiser may not evaluate (outside function bodies) to count as plain data. */
const EFFECTS = new Set([
  'CallExpression',
  'NewExpression',
  'TaggedTemplateExpression',
  'AwaitExpression',
  'YieldExpression',
  'AssignmentExpression',
  'UpdateExpression',
  'ImportExpression',
  'ClassExpression',
]);
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

/** Whether `node` evaluates only plain data; collects the identifiers it refers to. */
function scan(node: Node, refs: Set<string>, inFunction: boolean): boolean {
  if (!inFunction && EFFECTS.has(node.type)) return false;
  if (node.type === 'Identifier') {
    refs.add(node.name as string);
    return true;
  }
  const nested = inFunction || FUNCTIONS.has(node.type);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    // A property name (`a.b`, `{ b: 1 }`) is not a reference.
    if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
    if (key === 'key' && node.type === 'Property' && !node.computed) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) if (isNode(item) && !scan(item, refs, nested)) return false;
  }
  return true;
}

export interface ValuesModule {
  /** Exported names that the values-only module provides. */
  exports: Set<string>;
  /** Its code, importing other contract modules' values views through `resolve`. */
  code: string;
}

/**
 * The values-only view of one contract module's JavaScript. `plainIn(source, name)` says whether
 * an imported binding is plain in its own module (null: not a contract module).
 */
export function valuesModule(
  js: string,
  plainIn: (source: string, name: string) => string | null,
): ValuesModule {
  const program = parseAst(js) as unknown as { body: Node[] };
  const imports = new Map<string, { source: string; imported: string }>();
  const decls = new Map<string, { init: Node; refs: Set<string> }>();
  const exported = new Map<string, string>(); // exported name -> local name
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const spec of statement.specifiers as Node[]) {
        if (spec.type !== 'ImportSpecifier') continue;
        const imported = spec.imported as Node;
        imports.set((spec.local as Node).name as string, {
          source: (statement.source as Node).value as string,
          imported: (imported.name ?? imported.value) as string,
        });
      }
      continue;
    }
    const isExport = statement.type === 'ExportNamedDeclaration';
    const declaration = isExport && isNode(statement.declaration) ? statement.declaration : statement;
    if (isExport && !statement.declaration && !statement.source) {
      for (const spec of statement.specifiers as Node[]) {
        const local = spec.local as Node;
        const name = spec.exported as Node;
        exported.set((name.name ?? name.value) as string, local.name as string);
      }
      continue;
    }
    if (declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type !== 'Identifier' || !isNode(declarator.init)) continue;
      const name = id.name as string;
      if (isExport) exported.set(name, name);
      const refs = new Set<string>();
      if (scan(declarator.init, refs, false)) decls.set(name, { init: declarator.init, refs });
    }
  }

  // Plain: no effects, and every reference is a plain constant, a plain import or a global.
  const topLevel = new Set<string>();
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
        ? statement.declaration
        : statement;
    if (declaration.type === 'VariableDeclaration')
      for (const d of declaration.declarations as Node[]) {
        const id = d.id as Node;
        if (id.type === 'Identifier') topLevel.add(id.name as string);
      }
    if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      const id = declaration.id as Node | null;
      if (id) topLevel.add(id.name as string);
    }
  }
  const importTargets = new Map<string, string>(); // local import name -> values specifier
  const plain = new Set<string>();
  const visiting = new Set<string>();
  const isPlain = (name: string): boolean => {
    if (plain.has(name)) return true;
    if (visiting.has(name)) return false;
    const imp = imports.get(name);
    if (imp) {
      const target = plainIn(imp.source, imp.imported);
      if (target === null) return false;
      importTargets.set(name, target);
      return true;
    }
    const decl = decls.get(name);
    if (!decl) return !topLevel.has(name); // a global (Number, Math...) is fine
    visiting.add(name);
    const ok = [...decl.refs].every((ref) => ref === name || isPlain(ref));
    visiting.delete(name);
    if (ok) plain.add(name);
    return ok;
  };
  for (const name of decls.keys()) isPlain(name);

  const lines: string[] = [];
  const usedImports = new Set<string>();
  for (const name of plain)
    for (const ref of decls.get(name)?.refs ?? []) if (importTargets.has(ref)) usedImports.add(ref);
  for (const local of usedImports) {
    const imp = imports.get(local);
    if (imp)
      lines.push(`import { ${imp.imported} as ${local} } from ${JSON.stringify(importTargets.get(local))};`);
  }
  for (const [name, { init }] of decls)
    if (plain.has(name)) lines.push(`const ${name} = ${js.slice(init.start, init.end)};`);
  const exports = new Set<string>();
  const specs: string[] = [];
  for (const [exportedName, local] of exported)
    if (plain.has(local)) {
      exports.add(exportedName);
      specs.push(local === exportedName ? local : `${local} as ${exportedName}`);
    }
  lines.push(`export { ${specs.join(', ')} };`);
  return { exports, code: lines.join('\n') };
}

/** The plugin: `contractDir` holds the contract, `webDir` the code whose imports are redirected. */
export function contractValues(contractDir: string, webDir: string): Plugin[] {
  const cache = new Map<string, Promise<ValuesModule | null>>();
  const fileOf = (spec: string, from: string): string | null => {
    let base: string;
    if (spec.startsWith('@contract/')) base = path.join(contractDir, spec.slice('@contract/'.length));
    else if (spec.startsWith('.') && from.startsWith(contractDir))
      base = path.resolve(path.dirname(from), spec);
    else return null;
    for (const file of [base, `${base}.ts`]) if (file.endsWith('.ts') && existsSync(file)) return file;
    return null;
  };
  const analyse = (file: string, within = new Set<string>()): Promise<ValuesModule | null> => {
    let pending = cache.get(file);
    if (!pending) {
      pending = (async () => {
        const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
        // Imports inside the contract: a name is plain if its own module says so (analysed first).
        const deps = new Map<string, ValuesModule | null>();
        for (const m of code.matchAll(/from\s+["']([^"']+)["']/g)) {
          const dep = fileOf(m[1], file);
          // A cycle back to a module being analysed counts as not plain (a safe answer).
          if (dep && dep !== file && !within.has(dep))
            deps.set(m[1], await analyse(dep, new Set([...within, file])));
        }
        return valuesModule(code, (source, name) => {
          const dep = fileOf(source, file);
          return dep && deps.get(source)?.exports.has(name) ? `${dep}${SUFFIX}` : null;
        });
      })();
      cache.set(file, pending);
    }
    return pending;
  };

  return [
    {
      // Before Vite's own resolver, which would read `<file>?contract-values` from disk.
      name: 'contract-values:load',
      apply: 'build',
      enforce: 'pre',
      buildStart() {
        cache.clear();
      },
      resolveId(id) {
        return id.endsWith(SUFFIX) ? PREFIX + id.slice(0, -SUFFIX.length) : null;
      },
      async load(id) {
        if (!id.startsWith(PREFIX)) return null;
        const view = await analyse(id.slice(PREFIX.length));
        return view ? { code: view.code, moduleType: 'js', moduleSideEffects: false } : null;
      },
    },
    {
      // After TypeScript is stripped, so that type-only names are gone from the imports.
      name: 'contract-values:imports',
      apply: 'build',
      enforce: 'post',
      async transform(code, id) {
        if (!id.startsWith(webDir) || !/\.[cm]?[jt]sx?$/.test(id) || !code.includes('@contract/'))
          return null;
        const program = parseAst(code) as unknown as { body: Node[] };
        const edits: { start: number; end: number; text: string }[] = [];
        for (const statement of program.body) {
          if (statement.type !== 'ImportDeclaration') continue;
          const source = statement.source as Node;
          const file = fileOf(source.value as string, id);
          const specifiers = statement.specifiers as Node[];
          if (!file || specifiers.length === 0) continue;
          const view = await analyse(file);
          const names = specifiers.map((s) => {
            const imported = s.imported as Node | undefined;
            return s.type === 'ImportSpecifier' && imported
              ? ((imported.name ?? imported.value) as string)
              : null;
          });
          if (!view || names.some((n) => n === null || !view.exports.has(n))) continue;
          edits.push({ start: source.start, end: source.end, text: JSON.stringify(`${file}${SUFFIX}`) });
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
        return { code: out, map: null };
      },
    },
  ];
}
