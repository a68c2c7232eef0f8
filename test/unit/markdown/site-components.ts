import { compileRegistry, readRegistry } from '../../../generator/components/registry.ts';
import type { JobComponents } from '../../../generator/markdown/job.ts';
import { DOCGEN_ROOT } from '../../../generator/root.ts';

/** The real site's components (content/components/), compiled, as a job carries them. */
export async function siteComponents(root = DOCGEN_ROOT): Promise<JobComponents> {
  const registry = readRegistry(root);
  if (!registry) throw new Error(`no components in ${root}`);
  return { names: Object.keys(registry.files), hash: registry.hash, module: await compileRegistry(root, registry) };
}
