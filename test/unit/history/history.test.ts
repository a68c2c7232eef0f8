import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../generator/config/index.ts';
import { contentSecurityPolicy } from '../../../generator/headers/index.ts';
import { gitLogArgs, parseGitLog } from '../../../generator/history/git.ts';
import type { PageHistory } from '../../../generator/history/index.ts';
import { docPageMeta, editUrlFor, lastmodOf } from '../../../generator/history/page.ts';
import { buildMeta } from '../../../generator/meta/index.ts';
import { fakeDoc, thrown } from '../../helpers.ts';

/** One commit as `git log` writes it with `gitLogArgs`: header (`decorations`: `grafted` or nothing), NUL, newline, names each ended by NUL. */
const commit = (time: number, decorations: string, author: string, files: string[]) => `\x1e${time}\x1f${decorations}\x1f${author}\0\n${files.map((f) => `${f}\0`).join('')}`;

describe('git log parsing', () => {
  it('asks for every commit of the content paths in one process, names NUL-ended and relative to the site', () => {
    const args = gitLogArgs(['content', 'versioned_docs']);
    expect(args).toEqual(expect.arrayContaining(['log', '-z', '--relative', '--name-only', '--no-renames']));
    expect(args.slice(-3)).toEqual(['--', 'content', 'versioned_docs']);
  });

  it("keeps each file's newest commit: its time and author", () => {
    const log = commit(300, '', 'Bo Z', ['content/docs/a.md']) + commit(200, '', 'Ann Ö', ['content/docs/a.md', 'content/docs/b.md']) + commit(100, 'grafted', 'Root', ['content/docs/c.md']);
    const { changes, fromShallowEnd } = parseGitLog(log);
    expect(Object.fromEntries(changes)).toEqual({
      'content/docs/a.md': { time: 300, author: 'Bo Z' },
      'content/docs/b.md': { time: 200, author: 'Ann Ö' },
      'content/docs/c.md': { time: 100, author: 'Root' },
    });
    expect([...fromShallowEnd]).toEqual(['content/docs/c.md']);
  });

  it('reads names with spaces, newlines and non-ASCII as they are, and a merge listing nothing', () => {
    const log = '\x1e400\x1fa b\x1fMerger\0' + commit(300, 'a', 'X', ['content/docs/two words.md', 'content/docs/new\nline.md', 'content/docs/café.md']);
    expect([...parseGitLog(log).changes.keys()]).toEqual(['content/docs/two words.md', 'content/docs/new\nline.md', 'content/docs/café.md']);
  });

  it('gives nothing for empty or foreign output', () => {
    expect(parseGitLog('').changes.size).toBe(0);
    expect(parseGitLog('fatal: not a git repository\n').changes.size).toBe(0);
  });
});

const history = (entries: Record<string, [number, string]>): PageHistory => ({ changes: new Map(Object.entries(entries).map(([f, [time, author]]) => [f, { time, author }])) });
const base = { title: 'T', url: 'https://docs.example.com' };

describe('page meta of a doc', () => {
  const h = history({ 'content/docs/a.md': [Date.UTC(2026, 4, 6, 7, 8, 9) / 1000, 'Bo Z'] });

  it('fills {path} with the source path, segments escaped, or appends it to a base URL', () => {
    expect(editUrlFor('https://git.example/o/r/edit/main/{path}', 'content/docs/a b/c#d.md')).toBe('https://git.example/o/r/edit/main/content/docs/a%20b/c%23d.md');
    expect(editUrlFor('https://git.example/o/r/edit/main/', 'content/docs/a.md')).toBe('https://git.example/o/r/edit/main/content/docs/a.md');
    expect(editUrlFor('https://git.example/o/r/edit/main', 'content/docs/a.md')).toBe('https://git.example/o/r/edit/main/content/docs/a.md');
  });

  it('shows the date (in UTC, formatted for the default locale) and the author only as configured', () => {
    const both = parseConfig({ ...base, editUrl: 'https://git.example/{path}', showLastUpdateTime: true, showLastUpdateAuthor: true }).config;
    expect(docPageMeta(fakeDoc('a'), both, h)).toEqual({ editUrl: 'https://git.example/content/docs/a.md', lastUpdated: { datetime: '2026-05-06T07:08:09Z', date: 'May 6, 2026', author: 'Bo Z' } });
    const timeOnly = parseConfig({ ...base, showLastUpdateTime: true }).config;
    expect(docPageMeta(fakeDoc('a'), timeOnly, h)).toEqual({ lastUpdated: { datetime: '2026-05-06T07:08:09Z', date: 'May 6, 2026' } });
    const authorOnly = parseConfig({ ...base, showLastUpdateAuthor: true, i18n: { defaultLocale: 'de' } }).config;
    expect(docPageMeta(fakeDoc('a'), authorOnly, h)).toEqual({ lastUpdated: { author: 'Bo Z' } });
    const german = parseConfig({ ...base, showLastUpdateTime: true, i18n: { defaultLocale: 'de' } }).config;
    expect(docPageMeta(fakeDoc('a'), german, h).lastUpdated?.date).toBe('06.05.2026');
  });

  it('gives nothing without the config, without history, and for a generated folder index', () => {
    const on = parseConfig({ ...base, editUrl: 'https://git.example/{path}', showLastUpdateTime: true }).config;
    expect(docPageMeta(fakeDoc('a'), parseConfig(base).config, h)).toEqual({});
    expect(docPageMeta(fakeDoc('b'), on, h)).toEqual({ editUrl: 'https://git.example/content/docs/b.md' });
    expect(docPageMeta(fakeDoc('a'), on, undefined)).toEqual({ editUrl: 'https://git.example/content/docs/a.md' });
    expect(docPageMeta({ ...fakeDoc('a'), generated: true }, on, h)).toEqual({});
  });

  it("writes each route's lastmod in the sitemap where the history has its source", () => {
    expect(lastmodOf('content/docs/a.md', h)).toBe('2026-05-06');
    const { config } = parseConfig(base);
    const files = buildMeta([fakeDoc('a'), fakeDoc('b')], [], config, {}, new Map(), h);
    const sitemap = files.find((f) => f.path === 'sitemap.xml')!.contents;
    expect(sitemap).toContain('<url><loc>https://docs.example.com/docs/a</loc><lastmod>2026-05-06</lastmod></url>\n<url><loc>https://docs.example.com/docs/b</loc></url>');
  });
});

describe('pagemeta config', () => {
  it('allows the feedback endpoint in connect-src', () => {
    const { config } = parseConfig({ ...base, feedback: { endpoint: 'https://feedback.example/v1/answers' } });
    expect(contentSecurityPolicy(config)).toContain("connect-src 'self' https://feedback.example;");
    expect(config.feedback).toEqual({ question: 'Was this page helpful?', event: 'docgen.feedback', endpoint: 'https://feedback.example/v1/answers' });
    expect(config.storage.feedbackPrefix).toBe('docgen.feedback.');
    expect(parseConfig(base).config).toMatchObject({ showLastUpdateTime: false, showLastUpdateAuthor: false });
    expect(parseConfig(base).config.feedback).toBeUndefined();
  });

  it('says what is wrong with an edit URL or an endpoint', () => {
    const error = (more: Record<string, unknown>) => thrown(() => parseConfig({ ...base, ...more }));
    expect({
      placeholder: error({ editUrl: 'https://git.example/edit/{branch}/{path}' }),
      notUrl: error({ editUrl: 'git.example/edit' }),
      endpoint: error({ feedback: { endpoint: 'ftp://feedback.example' } }),
    }).toMatchInlineSnapshot(`
      {
        "endpoint": "error site.config.ts: feedback.endpoint: must be a full URL such as "https://docs.example.com"
        hint: fix the value and build again",
        "notUrl": "error site.config.ts: editUrl: must be a full URL such as "https://docs.example.com"
        hint: fix the value and build again",
        "placeholder": "error site.config.ts: editUrl: the only placeholder is {path}, the source file relative to the site root
        hint: fix the value and build again",
      }
    `);
  });
});
