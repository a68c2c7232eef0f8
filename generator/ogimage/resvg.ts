import { createRequire } from 'node:module';

type ResvgModule = typeof import('@resvg/resvg-js');
let loaded: ResvgModule | undefined;

/** resvg's native module, loaded when the first card is drawn: a build that reuses every card never loads it. */
export function Resvg(...args: ConstructorParameters<ResvgModule['Resvg']>): InstanceType<ResvgModule['Resvg']> {
  loaded ??= createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
  return new loaded.Resvg(...args);
}
