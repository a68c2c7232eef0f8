import { describe, expect, it } from 'vitest';
import { runPlan, type Stage } from '../../../generator/plan/runner.ts';
import { PLAN, stagesAfter } from '../../../generator/plan/index.ts';

type Log = string[];
const tick = () => new Promise((r) => setTimeout(r, 5));
const step = (name: string, log: Log) => async () => {
  log.push(`${name} start`);
  await tick();
  log.push(`${name} end`);
};
const noTime = async <T>(_name: string, fn: () => T | Promise<T>) => fn();

describe('runPlan', () => {
  it('starts a stage with reads before what it reads has ended, and lets it wait for it', async () => {
    const log: Log = [];
    const plan: Stage<Log, null>[] = [
      { name: 'slow', after: [], run: async () => { await tick(); await tick(); log.push('slow end'); } },
      {
        name: 'reader', after: [], reads: ['slow'],
        run: async (_m, _x, _t, ended) => { log.push('reader start'); await ended('slow'); log.push('reader has slow'); },
      },
    ];
    await runPlan(plan, log, null, noTime);
    expect(log).toEqual(['reader start', 'slow end', 'reader has slow']);
  });

  it('starts a stage with startsAfter only once those have ended', async () => {
    const log: Log = [];
    const plan: Stage<Log, null>[] = [
      { name: 'first', after: [], run: step('first', log) },
      { name: 'second', after: [], startsAfter: ['first'], run: step('second', log) },
    ];
    await runPlan(plan, log, null, noTime);
    expect(log).toEqual(['first start', 'first end', 'second start', 'second end']);
  });

  it('fails with the stage that failed first in the plan when a reader waited on it', async () => {
    const plan: Stage<null, null>[] = [
      { name: 'broken', after: [], run: async () => { await tick(); throw new Error('broken input'); } },
      { name: 'reader', after: [], reads: ['broken'], run: async (_m, _x, _t, ended) => ended('broken') },
    ];
    await expect(runPlan(plan, null, null, noTime)).rejects.toThrow('broken input');
  });

  it('refuses to wait for a stage the reader does not list', async () => {
    const plan: Stage<null, null>[] = [
      { name: 'a', after: [], run: () => undefined },
      { name: 'b', after: ['a'], run: (_m, _x, _t, ended) => ended('a') },
    ];
    await expect(runPlan(plan, null, null, noTime)).rejects.toThrow('does not list a in its reads');
  });
});

describe('stagesAfter', () => {
  it('runs the Markdown again when the operations change, though it does not start after them', () => {
    const again = stagesAfter(PLAN, ['openapi']);
    expect(again.has('operations')).toBe(true);
    expect(again.has('markdown')).toBe(true);
  });

  it('does not parse the description again when only the content changed', () => {
    expect(stagesAfter(PLAN, ['content']).has('openapi')).toBe(false);
  });
});
