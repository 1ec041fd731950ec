import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the API runs separately on 3001; `npm start` serves dist/ and /api from one
// origin, so the same relative '/api' paths work in both.
const apiProxy = { '/api': { target: 'http://127.0.0.1:3001' } };

export default defineConfig(({ command }) => {
  // `npm start` runs the build with whatever NODE_ENV it was given (e2e uses 'test'), and Vite
  // would then bundle React's slow development build. A build is always for production.
  if (command === 'build') process.env.NODE_ENV = 'production';

  return {
    plugins: [react(), tailwindcss()],
    server: { port: 3000, strictPort: true, proxy: apiProxy },
    preview: { proxy: apiProxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Cheap Android phones run an up-to-date Chrome; no legacy bundle needed.
      target: 'es2022',
    },
  };
});
