import { describe, expect, it } from 'vitest';
import { showEdited, yieldingTimer } from '../../../generator/dev/edited.ts';
import type { MemoryFiles } from '../../../generator/dev/files.ts';
import type { DevInputs } from '../../../generator/dev/inputs.ts';
import type { Doc } from '../../../generator/model.ts';

describe("dev's stage timer", () => {
  it('starts each stage on a turn of the event loop of its own, so requests are answered between stages', async () => {
    const order: string[] = [];
    const time = yieldingTimer();
    setImmediate(() => order.push('request'));
    await time('content', () => order.push('stage'));
    expect(order).toEqual(['request', 'stage']);
    expect(await time('links', async () => 42)).toBe(42);
  });
});

describe('the page of an edited doc before the run', () => {
  it('is left to the run when there is no last run to make it from', async () => {
    const files = { replaceSome: () => ['x'] } as unknown as MemoryFiles;
    expect(await showEdited(undefined, { id: 'a' } as Doc, {} as DevInputs, files, '/nowhere')).toEqual([]);
  });
});
