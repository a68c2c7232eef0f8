import { describe, expect, it } from 'vitest';
import { Abandoned, QUIET_MS, quietFor, RunTurn, RunTurns, SLOW_RUN_MS } from '../../../generator/dev/turns.ts';

describe('a run a newer edit may end', () => {
  it('waits for a quiet moment only after a slow run', () => {
    expect(quietFor(SLOW_RUN_MS - 1)).toBe(0);
    expect(quietFor(SLOW_RUN_MS)).toBe(QUIET_MS);
  });

  it('ends its wait at once when a newer edit arrives, and then ends', async () => {
    const turn = new RunTurn(true);
    const t0 = performance.now();
    const waiting = turn.quiet(60_000);
    setTimeout(() => turn.supersede(), 10);
    await expect(waiting).rejects.toBeInstanceOf(Abandoned);
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it('goes on when it reloads the pages or serves a page asked for', async () => {
    const turn = new RunTurn(false);
    turn.supersede();
    await expect(turn.quiet(1)).resolves.toBeUndefined();
    expect(() => turn.check()).not.toThrow();
  });

  it('leaves the stages of an ended run to the next, until one completes', async () => {
    const turns = new RunTurns();
    const ended = await turns.run({ rerun: new Set(['content']), abandonable: true, edited: {} }, async (turn) => {
      turns.supersede();
      turn.check();
      return { changed: [], reload: false, ok: true };
    });
    expect(ended).toMatchObject({ ok: false, abandoned: true });
    expect(turns.carried).toEqual({ rerun: new Set(['content']), bodiesOnly: true });
    await turns.run({ rerun: new Set(['markdown']), abandonable: true }, async (turn) => turn.check() ?? { changed: [], reload: false, ok: true });
    expect(turns.carried).toEqual({ rerun: new Set(['content']), bodiesOnly: true });
    await turns.run({ rerun: new Set(['redirects']), abandonable: true }, async (turn) => {
      turns.supersede();
      turn.check();
      return { changed: [], reload: false, ok: true };
    });
    expect(turns.carried).toEqual({ rerun: new Set(['content', 'redirects']), bodiesOnly: false });
    turns.done();
    expect(turns.carried).toBeUndefined();
  });
});
