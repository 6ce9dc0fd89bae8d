import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // The API runs apart in development; the browser only ever talks to one origin, as in production.
    proxy: { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    // The production CSP allows no inline script, and the polyfill is an inline one.
    modulePreload: { polyfill: false },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; its warnings are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
});
