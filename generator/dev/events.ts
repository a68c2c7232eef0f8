import type http from 'node:http';

export type DevEvent =
  | { type: 'update'; routes: string[] }
  | { type: 'reload' }
  | { type: 'problems'; problems: { where?: string; message: string; hint?: string }[] };

/** Server-Sent Events to every open page. */
export class EventHub {
  private readonly clients = new Set<http.ServerResponse>();
  private readonly id = `${process.pid}-${Date.now()}`;

  /** Take a page's connection; `initial` are sent first (the current problems). */
  connect(req: http.IncomingMessage, res: http.ServerResponse, initial: DevEvent[]): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(`retry: 500\n\n`);
    res.write(frame('hello', { id: this.id }));
    for (const event of initial) res.write(toFrame(event));
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  send(event: DevEvent): void {
    const data = toFrame(event);
    for (const res of this.clients) res.write(data);
  }

  get size(): number {
    return this.clients.size;
  }

  close(): void {
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}

function frame(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

function toFrame(event: DevEvent): string {
  const { type, ...data } = event;
  return frame(type, data);
}
