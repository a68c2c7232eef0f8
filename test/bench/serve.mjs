// `docgen dev` and `docgen serve` measured from outside, as a writer and a browser meet them:
// time to the first page after start, save-to-reload (file written → SSE update received), and
// requests per second of `docgen serve` for one doc page with keep-alive (autocannon).
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/** A port free right now (the server is told to use it, so the clock starts before it listens). */
function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function get(url) {
  return new Promise((resolve) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', () => resolve(0));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Server-Sent Events of a dev server: resolves `next(route)` when an update names the route. */
function listen(url) {
  const waiting = [];
  let buffer = '';
  const req = http.get(url, (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (name !== 'update') continue;
        const { routes } = JSON.parse(data);
        const at = performance.now();
        for (const w of waiting.splice(0)) if (routes.includes(w.route)) w.resolve(at);
      }
    });
  });
  return {
    next: (route) => new Promise((resolve) => waiting.push({ route, resolve })),
    close: () => req.destroy(),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Start `docgen dev` in `site`, time the first page, then edit `file` (a doc whose page is
 * `route`) `edits` times, each time waiting for its update event and then `spacing` ms (a
 * writer saving again soon: the run of the save before may still go on). Ctrl+C at the end, timed.
 */
export async function benchDev(cli, site, file, route, edits, spacing = 400) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'dev', '--port', String(port)], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  while ((await get(`${base}${route}`)) !== 200) {
    if (child.exitCode !== null) throw new Error(`docgen dev exited:\n${out}`);
    await sleep(10);
  }
  const firstPage = (performance.now() - started) / 1000;
  // A start on a cold cache renders the rest of the Markdown in the background: let it finish,
  // so the cache is as a writer's is after one session (the warm runs start from it). A page
  // asked for during the start comes before the start's line, which says whether there is a rest.
  while (!/docgen dev: /.test(out)) {
    if (child.exitCode !== null) throw new Error(`docgen dev exited:\n${out}`);
    await sleep(20);
  }
  await sleep(200);
  if (/renders in the background/.test(out)) {
    while (!/rendered the Markdown of every doc/.test(out)) {
      if (child.exitCode !== null) throw new Error(`docgen dev exited:\n${out}`);
      await sleep(50);
    }
  }
  const samples = [];
  if (edits > 0) {
    // Let the background work of the start (page renders, highlighter warm-up) finish first.
    await sleep(3000);
    const events = listen(`${base}/__docgen/events`);
    await sleep(200);
    const original = readFileSync(path.join(site, file), 'utf8');
    for (let i = 1; i <= edits; i++) {
      const got = events.next(route.replace(/\/$/, ''));
      const t = performance.now();
      writeFileSync(path.join(site, file), `${original}\n\nEdit number ${i} of the benchmark.\n`);
      samples.push((await got) - t);
      await sleep(spacing);
    }
    writeFileSync(path.join(site, file), original);
    events.close();
  }
  const stopping = performance.now();
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
  if (process.env.BENCH_VERBOSE) console.error(out);
  return { firstPage, samples, median: samples.length ? median(samples) : undefined, exit: (performance.now() - stopping) / 1000 };
}

/**
 * `docgen serve` (the real CLI) of the build in `dir` (default: the site's `build/`) on a free
 * port: resolves once `route` answers 200, with its URL and `stop` (Ctrl+C, resolves at exit).
 */
export async function startServe(cli, site, { dir, route = '/' } = {}) {
  const port = await freePort();
  const args = ['serve', '--port', String(port), ...(dir ? ['--dir', dir] : [])];
  const child = spawn(process.execPath, [cli, ...args], { cwd: site, stdio: ['ignore', 'pipe', 'pipe'] });
  // The last of its output, for the error if it exits early (it may log every request).
  let out = '';
  const keep = (d) => (out = (out + d).slice(-10_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  while ((await get(`${url}${route}`)) !== 200) {
    if (child.exitCode !== null) throw new Error(`docgen serve exited:\n${out}`);
    await sleep(20);
  }
  const stop = () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGINT'))));
  return { url, stop };
}

/** `docgen serve` of a built site under autocannon: one page, keep-alive, a bounded run. */
export async function benchServe(cli, site, route, seconds = 5) {
  const built = spawnSync(process.execPath, [cli, 'build'], { cwd: site, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed:\n${built.stderr}`);
  const server = await startServe(cli, site, { route });
  const result = await autocannon({ url: `${server.url}${route}`, connections: 10, pipelining: 1, duration: seconds });
  await server.stop();
  return { rps: result.requests.average, errors: result.errors + result.timeouts, non2xx: result.non2xx, latency: result.latency.p99 };
}
