import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, docgen } from '../helpers.ts';

/** Every mistake on the command line, as `docgen` prints it: each message once, pinned word for word. */
let site: string;

beforeAll(async () => {
  site = copyFixture('basic');
  expect((await docgen(site, ['build'])).code).toBe(0);
});

describe('command-line errors', () => {
  it('say what is wrong in the one format of docgen, with a hint, and exit 1', async () => {
    const cases: Record<string, string[]> = {
      unknownCommand: ['biuld'],
      unknownOption: ['build', '--strct'],
      missingArgument: ['build', '--out'],
      outInsideContent: ['build', '--out', 'content'],
      notAPort: ['serve', '--port', 'abc'],
      noBuild: ['check', '--dir', 'nowhere'],
    };
    const printed: Record<string, string> = {};
    for (const [name, args] of Object.entries(cases)) {
      const res = await docgen(site, args);
      expect(res.code, name).toBe(1);
      printed[name] = res.stderr;
    }
    expect(printed).toMatchInlineSnapshot(`
      {
        "missingArgument": "error option "--out <dir>" argument missing
        hint: docgen --help lists the commands, docgen <command> --help their options
      ",
        "noBuild": "error nowhere/: no build found
        hint: run docgen build first
      ",
        "notAPort": "error --port abc: not a port number
        hint: pass 0-65535 (0 picks a free port)
      ",
        "outInsideContent": "error --out content: is inside the project's content/ folder; the build replaces its output folder as a whole
        hint: pass a new or empty folder, or one a previous build made, e.g. --out build
      build failed; content/ left unchanged
      ",
        "unknownCommand": "error unknown command "biuld"; did you mean build?
        hint: docgen --help lists the commands, docgen <command> --help their options
      ",
        "unknownOption": "error unknown option "--strct"; did you mean --strict?
        hint: docgen --help lists the commands, docgen <command> --help their options
      ",
      }
    `);
  });
});
