import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ThemeConfig } from '../../common/config.ts';
import type { ServerTheme } from '../../common/theme.ts';
import { clientAssets, clientBuildOptions, loadServerTheme, THEME_DIR, THEME_LOAD_BLAME, themeBlame, type BrowserAssets } from '../client/index.ts';
import { context, importCompiled, moduleOptions, rebuild } from '../esbuild/index.ts';
import type { ClientAssets } from '../model.ts';
import type { BuildContext } from 'esbuild';

/** The theme's server half as the dev server renders with it. */
export interface Theme {
  server: Pick<ClientAssets, 'theme' | 'themeKey'>;
  /** Changes whenever the server-side theme code does (part of every page's key). */
  identity: string;
}

type ClientOptions = ReturnType<typeof clientBuildOptions>;

/**
 * Two esbuild contexts kept for the session: the client bundle (as the client stage builds it,
 * for the site's theme config) and the theme's server half (theme/server.tsx). A theme edit
 * rebuilds both incrementally; the new server half is imported under a new name, so pages render
 * with the edited components without restarting, by the one copy of the stages this process has.
 * Until the first edit, the server half is the one the CLI bundle holds: bundled from the theme's
 * sources as they were when this process started, so compiling them again would only delay the
 * first page.
 */
export class ThemeBuilder {
  private client?: { config: string; context: BuildContext<ClientOptions>; assets?: BrowserAssets };
  private server?: BuildContext<ReturnType<typeof moduleOptions>>;
  private theme?: Theme;
  private started = false;

  /** The client bundle for this theme config and islands: rebuilt after a theme edit, a config change or a component edit. */
  async clientAssets(config: ThemeConfig, islands: { files: Record<string, string>; hash: string } = { files: {}, hash: '' }): Promise<ClientAssets> {
    // An edited component of the site changes the hash: its island is built again.
    const key = JSON.stringify([config, islands]);
    if (this.client?.config !== key) {
      await this.client?.context.dispose();
      this.client = { config: key, context: await context(clientBuildOptions(config, undefined, islands.files)) };
    }
    this.client.assets ??= clientAssets(await rebuild(this.client.context, themeBlame()));
    const theme = this.theme ?? (await this.build());
    return { ...this.client.assets, ...theme.server };
  }

  async build(): Promise<Theme> {
    if (!this.started) {
      this.started = true;
      const server = await loadServerTheme();
      this.theme = { server, identity: server.themeKey };
      return this.theme;
    }
    this.server ??= await context(moduleOptions(path.join(THEME_DIR, 'server.tsx')));
    const code = (await rebuild(this.server, themeBlame())).outputFiles[0].text;
    if (this.client) this.client.assets = undefined;
    const identity = createHash('sha256').update(code).digest('hex').slice(0, 16);
    const { serverTheme } = (await importCompiled('dev-theme', 'server', code, THEME_LOAD_BLAME)) as { serverTheme: ServerTheme };
    this.theme = { server: { theme: serverTheme, themeKey: identity }, identity };
    return this.theme;
  }

  async dispose(): Promise<void> {
    await Promise.all([this.client?.context.dispose(), this.server?.dispose()]);
    this.client = this.server = undefined;
  }
}
