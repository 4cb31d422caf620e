import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';

// This machine's own names, with any port. Nothing else may follow: a Host such as
// `localhost@evil.example` or `localhost/evil` is not one.
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/** The address a browser on this machine opens: a server on every interface is at localhost. */
export function listeningOrigin(host: string, port: number): string {
  const everyInterface = host === '0.0.0.0' || host === '::';
  const name = everyInterface ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * The origin of the absolute links the server writes (canonical, og:url, JSON-LD, the
 * sitemap, robots.txt). PUBLIC_URL when set. Without it the Host header, which anyone can forge and
 * a cache may keep, is trusted only when it names this machine (a developer's browser, the tests);
 * any other gives way to the address the store listens at, and start-up warned to set PUBLIC_URL.
 */
export function publicOrigin(request: FastifyRequest): string {
  const { config } = request.server;
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  if (LOOPBACK_HOST.test(request.host)) return `${request.protocol}://${request.host.toLowerCase()}`;
  // The port actually bound (PORT=0 picks one); not listening (app.inject): the configured one.
  const address = request.server.server.address() as AddressInfo | string | null;
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  return listeningOrigin(config.HOST, port);
}
