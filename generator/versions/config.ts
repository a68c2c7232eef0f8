import { existsSync } from 'node:fs';
import { ConfigError } from '../errors.ts';
import type { SiteConfig } from '../model.ts';
import { fillVersion } from '../config/shape.ts';
import { readVersionNames, VERSIONS_FILE, versionDocsDir } from './files.ts';

export type DocsVersion = SiteConfig['docs']['versions'][number];

/**
 * The config's versions completed from versions.json: "current" first, then the older versions
 * newest first, each with the options the config gives it by name. Without versions.json the
 * config is returned as it is, so a site with one version builds exactly as before.
 */
export function withVersions(config: SiteConfig, root: string): SiteConfig {
  const names = readVersionNames(root);
  const listed = new Map(config.docs.versions.map((v) => [v.name, v]));
  for (const name of listed.keys()) {
    if (name !== 'current' && !names.includes(name)) {
      throw new ConfigError(`docs.versions: there is no version "${name}"`, { file: 'site.config.ts' }, `the versions are "current" (content/docs) and those of ${VERSIONS_FILE}: ${names.join(', ') || 'none'}`);
    }
  }
  if (!names.length) return config;
  for (const name of names) {
    if (!existsSync(versionDocsDir(root, name))) {
      throw new ConfigError(`version "${name}" has no docs folder`, { file: VERSIONS_FILE }, `create versioned_docs/version-${name}/ (\`docgen version ${name}\` does), or remove the name`);
    }
  }
  const { routeBase } = config.docs;
  const versions = ['current', ...names].map((name) => listed.get(name) ?? fillVersion({ name }, routeBase));
  const paths = new Set<string>();
  for (const v of versions) {
    if (paths.has(v.path)) throw new ConfigError(`docs.versions: two versions are served at ${v.path}`, { file: 'site.config.ts' }, 'give each version its own "path"');
    paths.add(v.path);
  }
  return { ...config, docs: { ...config.docs, versions } };
}

/** The latest version: the one marked `isLast`, else "current". */
export function latestVersion(versions: readonly DocsVersion[]): DocsVersion {
  return versions.find((v) => v.isLast) ?? versions.find((v) => v.name === 'current') ?? versions[0];
}
