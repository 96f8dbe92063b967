import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves `dist/` at `/` and the API under `/api`; in `vite dev` the API is proxied to it.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts and icons must come from our own origin (CSP 'self'); never inline big assets as data: URLs
    // for fonts, which the CSP's font-src would refuse.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: {
      // The server's PORT when `npm run dev` sets one, else its default 8000.
      '/api': { target: `http://127.0.0.1:${process.env.PORT ?? '8000'}`, changeOrigin: false },
    },
  },
});
