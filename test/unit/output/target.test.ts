import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutDir, outDirProblem } from '../../../generator/output/target.ts';

/** A project: a parent folder holding it, its sources, and a previous build. */
function project(): { parent: string; root: string } {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'docgen-target-'));
  const root = path.join(parent, 'site');
  for (const d of ['content/docs', 'content/static', 'node_modules/.cache', 'components', 'build', 'empty']) mkdirSync(path.join(root, d), { recursive: true });
  writeFileSync(path.join(root, 'site.config.ts'), 'export default {}');
  writeFileSync(path.join(root, 'components', 'Card.tsx'), 'export {}');
  writeFileSync(path.join(root, 'build', '404.html'), '');
  return { parent, root };
}

describe('the output folder', () => {
  it('may be new, empty, a previous build, or outside the project', () => {
    const { parent, root } = project();
    for (const out of ['build', 'new', 'new/deeper', 'empty', '../elsewhere']) expect(outDirProblem(root, path.resolve(root, out)), out).toBeUndefined();
    expect(outDirProblem(root, path.join(parent, 'other'))).toBeUndefined();
  });

  it('may not be the project, a folder above it, or one of its sources', () => {
    const { parent, root } = project();
    const problem = (out: string) => outDirProblem(root, path.resolve(root, out));
    expect(problem('.')).toBe('is the project folder');
    expect(problem('..')).toBe('holds the project');
    expect(outDirProblem(root, '/')).toBe('holds the project');
    expect(problem('content')).toBe("is inside the project's content/ folder");
    expect(problem('content/static/out')).toBe("is inside the project's content/ folder");
    expect(problem('node_modules/.cache/site')).toBe("is inside the project's node_modules/ folder");
    expect(problem('site.config.ts')).toBe('is a file');
    expect(problem('components')).toBe('holds files that are not a docgen build (it would replace them all)');
    expect(outDirProblem(root, parent)).toBe('holds the project');
  });

  it('is judged where its links lead', () => {
    const { parent, root } = project();
    symlinkSync(root, path.join(parent, 'link-to-site'));
    symlinkSync(path.join(root, 'content'), path.join(root, 'link-to-content'));
    expect(outDirProblem(root, path.join(parent, 'link-to-site'))).toBe('is the project folder');
    expect(outDirProblem(root, path.join(root, 'link-to-content', 'out'))).toBe("is inside the project's content/ folder");
  });

  it('is refused with the folder as given and a hint', () => {
    const { root } = project();
    expect(() => checkOutDir(root, root)).toThrow('--out .: is the project folder; the build replaces its output folder as a whole');
    expect(() => checkOutDir(root, path.join(root, 'build'))).not.toThrow();
  });
});
