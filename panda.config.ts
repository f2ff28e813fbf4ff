import { defineConfig } from '@pandacss/dev';

/** Panda theme for the portal: brand palette, semantic tokens, breakpoints from the spec (§9). */
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme: {
    extend: {
      breakpoints: { sm: '480px', md: '600px', lg: '820px', xl: '1050px' },
      tokens: {
        colors: {
          brand: {
            50: { value: '#eef5ff' }, 100: { value: '#d9e8ff' }, 500: { value: '#1f6fd6' },
            600: { value: '#175bb4' }, 700: { value: '#124a93' }, 900: { value: '#0b2b57' },
          },
          ink: { value: '#1b2430' },
          muted: { value: '#5b6675' },
          danger: { value: '#b42318' },
          dangerBg: { value: '#fdecea' },
          infoBg: { value: '#e8f1fd' },
          success: { value: '#157f3b' },
        },
        fonts: { body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } },
        sizes: { page: { value: '800px' }, pageWide: { value: '850px' } },
      },
    },
  },
  globalCss: {
    'html, body': { fontFamily: 'body', color: 'ink', bg: '#f5f7fa' },
  },
});
