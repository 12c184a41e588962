import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * The import rules `npm run check` enforces (biome.json, docs/architecture.md "layers"): no import
 * cycle anywhere, type-only imports included; server/plugins, server/lib and server/context.ts
 * import no module; web/src/components and web/src/lib import no feature. Each test lays out a
 * small tree shaped like the repository's in a scratch directory, with the repository's own
 * biome.json, adds one forbidden import and runs Biome on it: the check must fail, with the rule
 * that forbids it and on the file that breaks it. The same tree without the import passes, so a
 * failure is the rule's doing and not the scratch tree's.
 */

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');
const run = promisify(execFile);

/** A tree that keeps every rule: the layers import downwards only. */
const CLEAN: Record<string, string> = {
  'contract/common.ts': 'export const LIMIT = 10;\n',
  'server/context.ts': 'export interface SessionStore {\n  forgetUser(userId: string): void;\n}\n',
  'server/lib/http.ts': "export const noStore = (header: (value: string) => void) => header('no-store');\n",
  'server/plugins/security.ts':
    "import { noStore } from '../lib/http';\n\nexport const secure = (header: (value: string) => void) => noStore(header);\n",
  'server/modules/auth/sessions.ts':
    "import type { SessionStore } from '../../context';\n\nexport const forget = (store: SessionStore, id: string) => store.forgetUser(id);\n",
  'server/modules/auth/index.ts': "export { forget } from './sessions';\n",
  'server/modules/posts/index.ts':
    "import { LIMIT } from '../../../contract/common';\nimport { forget } from '../auth';\n\nexport const posts = { forget, LIMIT };\n",
  'web/src/lib/format.ts': 'export const shout = (text: string) => text.toUpperCase();\n',
  'web/src/components/title.ts':
    "import { shout } from '@web/lib/format';\n\nexport const title = (text: string) => shout(text);\n",
  'web/src/features/gear/index.ts':
    "import { title } from '@web/components/title';\n\nexport const gearTitle = () => title('gear');\n",
  'web/src/app/router.ts':
    "import { gearTitle } from '@web/features/gear';\n\nexport const routes = [gearTitle];\n",
};

const scratchDirs: string[] = [];
afterEach(() => {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The clean tree with `changes` written over it, and the repository's biome.json. */
function scratch(changes: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  scratchDirs.push(dir);
  copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
  for (const [file, text] of Object.entries({ ...CLEAN, ...changes })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Biome's lint over the whole scratch tree (the module graph needs every file): passed, and what it said. */
async function lint(dir: string): Promise<{ passed: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(biome, ['lint', '--max-diagnostics=none', '.'], { cwd: dir });
    return { passed: true, output: stdout + stderr };
  } catch (err) {
    const { stdout = '', stderr = '', code } = err as { stdout?: string; stderr?: string; code?: number };
    // Exit code 1 is "diagnostics found"; anything else (Biome missing, a bad config) is the test's failure.
    if (code !== 1) throw err;
    return { passed: false, output: stdout + stderr };
  }
}

describe('import boundaries (biome.json)', () => {
  it('passes the clean scratch tree, so every failure below comes from the one import added', async () => {
    const result = await lint(scratch());
    expect(result.output).not.toMatch(/noImportCycles|noRestrictedImports/);
    expect(result.passed).toBe(true);
  });

  const cases: { name: string; rule: string; file: string; changes: Record<string, string> }[] = [
    {
      name: 'a cycle between two modules',
      rule: 'lint/suspicious/noImportCycles',
      file: 'server/modules/auth/sessions.ts',
      changes: {
        'server/modules/auth/sessions.ts':
          "import { posts } from '../posts';\n\nexport const forget = (id: string) => [posts, id];\n",
      },
    },
    {
      name: 'a cycle closed by a type-only import (ignoreTypes is off)',
      rule: 'lint/suspicious/noImportCycles',
      file: 'server/modules/auth/sessions.ts',
      changes: {
        'server/modules/auth/sessions.ts':
          "import type { SessionStore } from '../../context';\nimport type { posts } from '../posts';\n\nexport const forget = (store: SessionStore, id: string, _p?: typeof posts) => store.forgetUser(id);\n",
      },
    },
    {
      name: 'a cycle between web/src/lib and web/src/components',
      rule: 'lint/suspicious/noImportCycles',
      file: 'web/src/lib/format.ts',
      changes: {
        'web/src/lib/format.ts':
          "import { title } from '../components/title';\n\nexport const shout = (text: string) => title(text).toUpperCase();\n",
        'web/src/components/title.ts':
          "import { shout } from '../lib/format';\n\nexport const title = (text: string) => shout(text);\n",
      },
    },
    {
      name: 'server/plugins importing a module',
      rule: 'lint/style/noRestrictedImports',
      file: 'server/plugins/security.ts',
      changes: {
        'server/plugins/security.ts':
          "import { forget } from '../modules/auth';\n\nexport const secure = forget;\n",
      },
    },
    {
      name: 'server/lib importing a module',
      rule: 'lint/style/noRestrictedImports',
      file: 'server/lib/http.ts',
      changes: {
        'server/lib/http.ts':
          "import { posts } from '../modules/posts/index';\n\nexport const noStore = posts;\n",
      },
    },
    {
      name: 'server/context.ts importing a module, even for a type',
      rule: 'lint/style/noRestrictedImports',
      file: 'server/context.ts',
      changes: {
        'server/context.ts':
          "import type { posts } from './modules/posts';\n\nexport interface SessionStore {\n  feed: typeof posts;\n}\n",
      },
    },
    {
      name: 'web/src/components importing a feature by its alias',
      rule: 'lint/style/noRestrictedImports',
      file: 'web/src/components/title.ts',
      changes: {
        'web/src/components/title.ts':
          "import { gearTitle } from '@web/features/gear';\n\nexport const title = (text: string) => text + gearTitle;\n",
      },
    },
    {
      name: 'web/src/components importing a feature by a relative path',
      rule: 'lint/style/noRestrictedImports',
      file: 'web/src/components/title.ts',
      changes: {
        'web/src/components/title.ts':
          "import { gearTitle } from '../features/gear/index';\n\nexport const title = (text: string) => text + gearTitle;\n",
      },
    },
    {
      name: 'web/src/lib importing a feature by its alias',
      rule: 'lint/style/noRestrictedImports',
      file: 'web/src/lib/format.ts',
      changes: {
        'web/src/lib/format.ts':
          "import { gearTitle } from '@web/features/gear';\n\nexport const shout = (text: string) => text + gearTitle;\n",
      },
    },
    {
      name: 'web/src/lib importing a feature by a relative path',
      rule: 'lint/style/noRestrictedImports',
      file: 'web/src/lib/format.ts',
      changes: {
        'web/src/lib/format.ts':
          "import type { gearTitle } from '../features/gear';\n\nexport const shout = (text: typeof gearTitle) => text;\n",
      },
    },
  ];

  it.each(cases)('fails on $name', async ({ rule, file, changes }) => {
    const result = await lint(scratch(changes));
    expect(result.passed).toBe(false);
    const onFile = result.output
      .split('\n')
      .filter((line) => line.startsWith(`${file}:`))
      .join('\n');
    expect(onFile).toContain(rule);
  });
});
