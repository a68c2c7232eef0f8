import { context, type BuildContext } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientAssets, clientBuildOptions, themeError } from '../client/index.ts';
import type * as EmitModule from '../emit.ts';
import { DocgenError } from '../errors.ts';
import type { ClientAssets } from '../model.ts';
import type { ThemeConfig } from '../../theme/types.ts';
import { DOCGEN_ROOT } from '../root.ts';

export type Emit = typeof EmitModule;

/** The theme as the dev server uses it: the stages that render with it. */
export interface Theme {
  emit: Emit;
  /** Changes whenever the server-side theme code does (part of every page's key). */
  identity: string;
}

// Inside docgen's node_modules, so the bundle's bare imports (react…) resolve to docgen's own.
const OUT_DIR = path.join(DOCGEN_ROOT, 'node_modules', '.cache', 'docgen', 'dev');

/**
 * Two esbuild contexts kept for the session: the client bundle (as the client stage builds it,
 * for the site's theme config) and the file-producing stages with the theme's React components
 * for server rendering. A theme edit rebuilds both incrementally; the new server bundle is
 * imported under a new name, so pages render with the edited components without restarting.
 */
export class ThemeBuilder {
  private client?: { config: string; context: BuildContext<ReturnType<typeof clientBuildOptions>>; assets?: ClientAssets };
  private server?: BuildContext<{ write: false }>;
  private builds = 0;

  /** The client bundle for this theme config: rebuilt after a theme edit or a config change. */
  async clientAssets(config: ThemeConfig): Promise<ClientAssets> {
    const key = JSON.stringify(config);
    if (this.client?.config !== key) {
      await this.client?.context.dispose();
      this.client = { config: key, context: await context(clientBuildOptions(config)) };
    }
    try {
      this.client.assets ??= clientAssets(await this.client.context.rebuild());
    } catch (err) {
      throw themeError(err);
    }
    return this.client.assets;
  }

  async build(): Promise<Theme> {
    this.server ??= await context({
      entryPoints: [path.join(DOCGEN_ROOT, 'generator', 'emit.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
    });
    let code: string;
    try {
      code = (await this.server.rebuild()).outputFiles[0].text;
    } catch (err) {
      throw themeError(err);
    }
    if (this.client) this.client.assets = undefined;
    const identity = createHash('sha256').update(code).digest('hex').slice(0, 16);
    mkdirSync(OUT_DIR, { recursive: true });
    const file = path.join(OUT_DIR, `emit-${process.pid}-${++this.builds}.mjs`);
    writeFileSync(file, code);
    try {
      return { emit: (await import(pathToFileURL(file).href)) as Emit, identity };
    } catch (err) {
      throw new DocgenError(`theme throws while loading: ${(err as Error).message}`, { file: 'theme/' }, 'fix the theme module named in the message', { cause: err });
    } finally {
      // Loaded or not, the file has served its purpose (and no other session shares it).
      rmSync(file, { force: true });
    }
  }

  async dispose(): Promise<void> {
    await Promise.all([this.client?.context.dispose(), this.server?.dispose()]);
    this.client = this.server = undefined;
  }
}
