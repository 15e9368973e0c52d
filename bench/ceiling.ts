/**
 * The ceiling of a public read on this machine: a bare Fastify (no hooks, no logging, no database)
 * answering each path with the very bytes and headers the data API sent for it, from memory.
 * `tsx bench/ceiling.ts <answers.json> <port>`; prints `listening` when ready. It runs in its own
 * process, as the data API does, so both are measured by the same load generator the same way.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface RecordedAnswer {
  /** Path and query, as requested. */
  url: string;
  /** The request's Accept-Encoding (empty for none): the same URL is recorded once per header. */
  acceptEncoding: string;
  headers: Record<string, string>;
  /** The body as sent (compressed when content-encoding is set), base64. */
  body: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: tsx bench/ceiling.ts <answers.json> <port>');
const answers = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[];
const byKey = new Map(
  answers.map((a) => [
    `${a.url}\u0000${a.acceptEncoding}`,
    { headers: a.headers, body: Buffer.from(a.body, 'base64') },
  ]),
);

const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const found = byKey.get(`${request.url}\u0000${request.headers['accept-encoding'] ?? ''}`);
  if (!found) return reply.code(404).send();
  return reply.headers(found.headers).send(found.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
