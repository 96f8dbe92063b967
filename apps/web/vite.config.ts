import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { noParserPath, tamilPack } from './tamil-pack.ts';

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, which the server sends to a browser
 * that accepts them (@fastify/static `preCompressed`): on a branch's slow link the sign-in screen's
 * 330 KB of JavaScript is 100 KB gzip, 85 KB brotli (Lighthouse mobile). Done once at build
 * time with the best settings, instead of compressing every response.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pledge-desk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      // A failed build leaves no output: let its own error be the one reported.
      if (!existsSync(outDir)) return;
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const file = join(dir, entry.name);
          if (entry.isDirectory()) walk(file);
          else if (/\.(js|css|html|svg|json|txt)$/.test(entry.name)) {
            const body = readFileSync(file);
            if (body.length < 1024) continue;
            writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
            writeFileSync(
              `${file}.br`,
              brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Links the app's code (start.tsx and its imports) from index.html as module preloads. The entry
 * (main.tsx) is a small file that sends the first signed-in screen's questions and asks for the router's
 * and the dashboard's code, then imports start.tsx: without these links the sign-in screen would ask for
 * the app only once the entry had come and run, a round trip later.
 */
function startPreload(): Plugin {
  return {
    name: 'pledge-desk-start-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const start = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('/src/start.tsx'),
        );
        if (!start) throw new Error('the build has no chunk of src/start.tsx');
        const files = new Set<string>();
        const add = (name: string) => {
          const file = bundle[name];
          if (files.has(name) || file?.type !== 'chunk') return;
          files.add(name);
          for (const imported of file.imports) add(imported);
        };
        add(start.fileName);
        return {
          html,
          tags: [...files]
            .filter((name) => !html.includes(`./${name}"`))
            .map((name) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `./${name}` },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}

// The server serves `dist/` at `/` and the API under `/api`; in `vite dev` the API is proxied to it.
export default defineConfig(({ command }) => ({
  plugins: [
    tamilPack(fileURLToPath(new URL('./src', import.meta.url))),
    react(),
    tailwindcss(),
    startPreload(),
    precompress(),
  ],
  // `@/x` is `src/x` (tsconfig.json paths, vitest.config.ts): an import across folders names its path
  // from src, which is what the lint zones of biome.json read.
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The build compiles every message (tamil-pack.ts): the browser formats the trees and needs no
      // ICU parser. `vite dev` keeps the parser (its catalogues are texts).
      ...(command === 'build'
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParserPath() }]
        : []),
    ],
  },
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts and icons must come from our own origin (CSP 'self'); never inline big assets as data: URLs
    // for fonts, which the CSP's font-src would refuse.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // The charts shared by the dashboard and the rate history in one chunk named after them (else
        // after whichever of their modules comes first), which the page-weight test keeps off sign-in.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'charts', test: /\/src\/components\/charts\// }],
        },
      },
    },
  },
  server: {
    proxy: {
      // The server's PORT when `npm run dev` sets one, else its default 8000.
      '/api': { target: `http://127.0.0.1:${process.env.PORT ?? '8000'}`, changeOrigin: false },
    },
  },
}));
