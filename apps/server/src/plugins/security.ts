import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// The web app is all 'self': scripts from the build, the Tamil font self-hosted, images from our
// signed file links or data:/blob: previews. Inline styles stay allowed because the chart library
// positions its SVG with style attributes. The API test screen may probe other addresses.
const appCsp = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'http:', 'https:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

// The API reference page (Scalar) boots from an inline script.
const docsCsp =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; object-src 'none'";

async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appCsp },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Plain-HTTP installs on a branch LAN are common; HSTS belongs on the TLS proxy when there is one.
    strictTransportSecurity: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    const url = request.url;
    if (url.startsWith('/api/docs')) {
      reply.header('content-security-policy', docsCsp);
    }
    // Answers of the API are personal and financial: never kept by a browser or a proxy. Files set
    // their own short private caching.
    if (url.startsWith('/api') && !url.startsWith('/api/files/') && !url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

export default fp(securityPlugin, { name: 'security' });
