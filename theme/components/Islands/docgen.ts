/*
 * What an island's component gets when it imports `docgen` in the browser. Its props were
 * checked against its schema at build time, so the schema is never run here: `z` is a stand-in
 * that accepts any chain of calls (z.object({…}).default(…)), sparing every page that has an
 * island the weight of zod.
 */
import type { ReactNode } from 'react';
import type { ComponentPart as Part, ComponentProps as Props } from '../../../common/components.ts';
export type { PartsDeclaration } from '../../../common/components.ts';
export type ComponentPart = Part<ReactNode>;
export type ComponentProps = Props<ReactNode>;

type Chain = ((...args: unknown[]) => Chain) & { readonly [key: string]: Chain };

const chain: Chain = new Proxy(function stub() {}, {
  get: () => chain,
  apply: () => chain,
}) as unknown as Chain;

export const z = chain;
