import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ThemeConfig } from '../../common/config.ts';
import type { ServerTheme } from '../../common/theme.ts';
import { clientAssets, clientBuildOptions, loadServerTheme, THEME_DIR, THEME_LOAD_BLAME, themeBlame, type BrowserAssets } from '../client/index.ts';
import { context, importCompiled, moduleOptions, rebuild } from '../esbuild/index.ts';
import type { ClientAssets } from '../model.ts';
import type { SiteIslands } from '../components/registry.ts';
import type { BuildContext, BuildResult } from 'esbuild';

/** The theme's server half as the dev server renders with it. */
export interface Theme {
  server: Pick<ClientAssets, 'theme' | 'themeKey'>;
  /** Changes whenever the server-side theme code does (part of every page's key). */
  identity: string;
}

type ClientOptions = ReturnType<typeof clientBuildOptions>;

/** A client bundle started before its theme config was known (see `ThemeBuilder.startClient`). */
interface EarlyClient {
  /** The islands it was started with, as JSON. */
  islands: string;
  /** Gives the build its theme config (or a rejection that ends it). */
  settle: (config: ThemeConfig | Promise<never>) => void;
  made: Promise<BuildContext<ClientOptions>>;
  built: Promise<BuildResult<ClientOptions>>;
}

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
  private early?: EarlyClient;

  /**
   * Start the client bundle before the content is read (the session's start): esbuild compiles
   * the theme in its own process while this thread reads the docs, and waits for the theme
   * config, whose navbar links are resolved against the docs, until `clientAssets` gives it.
   * The islands are read only then: every later read of the inputs asks again, and is told no.
   */
  startClient(readIslands: () => SiteIslands): void {
    if (this.client || this.early) return;
    const islands = readIslands();
    let settle!: (config: ThemeConfig | Promise<never>) => void;
    const config = new Promise<ThemeConfig>((resolve) => (settle = resolve));
    // Ended by a rejection when not taken (see dispose): not an error of its own.
    config.catch(() => undefined);
    const made = context(clientBuildOptions(config, undefined, islands.files));
    const built = made.then((ctx) => rebuild(ctx, themeBlame()));
    built.catch(() => undefined);
    this.early = { islands: JSON.stringify(islands), settle, made, built };
  }

  /** The client bundle for this theme config and islands: rebuilt after a theme edit, a config change or a component edit. */
  async clientAssets(config: ThemeConfig, islands: SiteIslands = { files: {}, hash: '' }): Promise<ClientAssets> {
    // An edited component of the site changes the hash: its island is built again.
    const key = JSON.stringify([config, islands]);
    await this.takeEarly(config, islands, key);
    if (this.client?.config !== key) {
      await this.client?.context.dispose();
      this.client = { config: key, context: await context(clientBuildOptions(config, undefined, islands.files)) };
    }
    this.client.assets ??= clientAssets(await rebuild(this.client.context, themeBlame()));
    const theme = this.theme ?? (await this.build());
    return { ...this.client.assets, ...theme.server };
  }

  /** The early start's build becomes the client bundle when it was started with these islands (the config is the one it waited for). */
  private async takeEarly(config: ThemeConfig, islands: SiteIslands, key: string): Promise<void> {
    const early = this.early;
    if (!early) return;
    if (early.islands !== JSON.stringify(islands)) return this.dropEarly('the client bundle was started for other islands');
    this.early = undefined;
    early.settle(config);
    this.client = { config: key, context: await early.made };
    this.client.assets = clientAssets(await early.built);
  }

  /** End a build started early that is not used: it fails in the theme-config plugin, then its context goes. */
  private async dropEarly(why: string): Promise<void> {
    const early = this.early;
    if (!early) return;
    this.early = undefined;
    early.settle(Promise.reject(new Error(why)));
    await early.built.catch(() => undefined);
    await (await early.made.catch(() => undefined))?.dispose();
  }

  async build(): Promise<Theme> {
    if (!this.started) {
      this.started = true;
      const server = await loadServerTheme();
      this.theme = { server, identity: server.themeKey };
      return this.theme;
    }
    // A theme edit: a client bundle started early holds the sources as they were.
    await this.dropEarly('the theme changed');
    this.server ??= await context(moduleOptions(path.join(THEME_DIR, 'server.tsx')));
    const code = (await rebuild(this.server, themeBlame())).outputFiles[0].text;
    if (this.client) this.client.assets = undefined;
    const identity = createHash('sha256').update(code).digest('hex').slice(0, 16);
    const { serverTheme } = (await importCompiled('dev-theme', 'server', code, THEME_LOAD_BLAME)) as { serverTheme: ServerTheme };
    this.theme = { server: { theme: serverTheme, themeKey: identity }, identity };
    return this.theme;
  }

  async dispose(): Promise<void> {
    await this.dropEarly('the dev server stopped');
    await Promise.all([this.client?.context.dispose(), this.server?.dispose()]);
    this.client = this.server = undefined;
  }
}
