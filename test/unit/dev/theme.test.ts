import { afterEach, describe, expect, it } from 'vitest';
import { loadServerTheme } from '../../../generator/client/index.ts';
import { ThemeBuilder } from '../../../generator/dev/theme.ts';

describe('ThemeBuilder', () => {
  let builder: ThemeBuilder | undefined;
  afterEach(async () => builder?.dispose());

  it('starts with the theme the program bundle holds, and compiles the sources once the theme is built again (an edit)', async () => {
    builder = new ThemeBuilder();
    const bundled = await loadServerTheme();
    const first = await builder.build();
    expect(first.identity).toBe(bundled.themeKey);
    expect(first.server.theme).toBe(bundled.theme);

    const edited = await builder.build();
    expect(edited.identity).toMatch(/^[0-9a-f]{16}$/);
    expect(edited.identity).not.toBe(first.identity);
    expect(edited.server.theme).not.toBe(bundled.theme);
    expect(Object.keys(edited.server.theme).sort()).toEqual(Object.keys(bundled.theme).sort());
  });
});
