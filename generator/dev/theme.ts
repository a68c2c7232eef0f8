import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ThemeConfig } from '../../common/config.ts';
import type { ServerTheme } from '../../common/theme.ts';
import { clientAssets, clientBuildOptions, clientCache, loadServerTheme, THEME_DIR, THEME_LOAD_BLAME, themeBlame, withSiteAssets, type BrowserAssets } from '../client/index.ts';
import { compileCached } from '../esbuild/cached.ts';
import { context as esbuildContext, importCompiled, moduleOptions, rebuild } from '../esbuild/index.ts';
import type { ClientAssets } from '../model.ts';
import type { SiteIslands } from '../components/registry.ts';
import type { BuildContext } from 'esbuild';

/** The theme's server half as the dev server renders with it. */
export interface Theme {
  server: Pick<ClientAssets, 'theme' | 'themeKey'>;
  /** Changes whenever the server-side theme code does (part of every page's key). */
  identity: string;
}

type ClientOptions = ReturnType<typeof clientBuildOptions>;

/** The client bundle of the session, for one set of islands. */
interface Client {
  /** The islands it is built with, as JSON. */
  islands: string;
  /** Kept once the theme is edited: rebuilt incrementally on each later edit. */
  context?: Promise<BuildContext<ClientOptions>>;
  assets: Promise<BrowserAssets>;
}

/**
 * The session's client bundle and the theme's server half (theme/server.tsx). Until the theme is
 * edited, both are as docgen keeps them for any site: the server half is the one the CLI bundle
 * holds, the client bundle the one the build keeps (buildClient's cache), so neither is compiled
 * again for the first page. From the first edit on, both are esbuild contexts rebuilt
 * incrementally; the new server half is imported under a new name, so pages render with the
 * edited components without restarting, by the one copy of the stages this process has.
 */
export class ThemeBuilder {
  private client?: Client;
  private server?: BuildContext<ReturnType<typeof moduleOptions>>;
  private theme?: Theme;
  private started = false;
  private edited = false;

  /** `cacheDir`: the site's esbuild cache, where a bundle with the site's islands is kept. */
  constructor(private readonly cacheDir?: string) {}

  /**
   * Start the client bundle before the content is read (the session's start): esbuild compiles
   * it in its own process, when it must, while this thread reads the docs. The islands are read
   * only then: every later read of the inputs asks again, and is told no.
   */
  startClient(readIslands: () => SiteIslands): void {
    this.client ??= this.compile(readIslands());
  }

  /** The client bundle for these islands, with the site's config and colours: rebuilt after a theme edit or a component edit. */
  async clientAssets(config: ThemeConfig, islands: SiteIslands = { files: {}, hash: '' }): Promise<ClientAssets> {
    // An edited component of the site changes the hash: its island is built again.
    if (this.client?.islands !== JSON.stringify(islands)) {
      await this.disposeClient();
      this.client = this.compile(islands);
    }
    const bundle = await this.client.assets;
    const theme = this.theme ?? (await this.build());
    return { ...withSiteAssets(bundle, config), ...theme.server };
  }

  private compile(islands: SiteIslands): Client {
    const key = JSON.stringify(islands);
    const options = clientBuildOptions(undefined, islands.files);
    if (!this.edited) return quiet({ islands: key, assets: compileCached(options, themeBlame(), clientCache(islands.files, this.cacheDir)).then(clientAssets) });
    const context = esbuildContext(options);
    return quiet({ islands: key, context, assets: rebuilt(context) });
  }

  /** After a theme edit: the kept context rebuilds, or one is made (the first edit). */
  private recompile(): void {
    const client = this.client;
    if (!client) return;
    const { context } = client;
    // Without a context the next request compiles with one (`edited` is set).
    this.client = context ? quiet({ ...client, assets: rebuilt(context) }) : undefined;
  }

  private async disposeClient(): Promise<void> {
    const context = this.client?.context;
    this.client = undefined;
    await (await context?.catch(() => undefined))?.dispose();
  }

  async build(): Promise<Theme> {
    if (!this.started) {
      this.started = true;
      const server = await loadServerTheme();
      this.theme = { server, identity: server.themeKey };
      return this.theme;
    }
    // A theme edit: the client bundle is built again from the sources as they are now.
    this.edited = true;
    this.recompile();
    this.server ??= await esbuildContext(moduleOptions(path.join(THEME_DIR, 'server.tsx')));
    const code = (await rebuild(this.server, themeBlame())).outputFiles[0].text;
    const identity = createHash('sha256').update(code).digest('hex').slice(0, 16);
    const { serverTheme } = (await importCompiled('dev-theme', 'server', code, THEME_LOAD_BLAME)) as { serverTheme: ServerTheme };
    this.theme = { server: { theme: serverTheme, themeKey: identity }, identity };
    return this.theme;
  }

  async dispose(): Promise<void> {
    await Promise.all([this.disposeClient(), this.server?.dispose()]);
    this.server = undefined;
  }
}

/** The bundle as a kept context builds it now (incrementally after the first time). */
function rebuilt(context: Promise<BuildContext<ClientOptions>>): Promise<BrowserAssets> {
  return context.then((ctx) => rebuild(ctx, themeBlame())).then(clientAssets);
}

/** A compile's failure is reported when its assets are asked for (the client stage), not where it is left unasked. */
function quiet(client: Client): Client {
  client.assets.catch(() => undefined);
  client.context?.catch(() => undefined);
  return client;
}
