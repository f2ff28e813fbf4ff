import { defineConfig, defineSlotRecipe } from '@pandacss/dev';
import { dataTableRecipe } from './src/ui/data-table.recipe';

/**
 * Panda theme for the portal: brand palette, semantic tokens, breakpoints from the spec (§9:
 * 480/600/820/1050 px; phone 375, tablet 768). Colours are chosen for ≥ 4.5:1 contrast on their
 * backgrounds (ink/muted on white and on `canvas`, white on brand.600 / danger).
 */
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
            50: { value: '#eef5ff' }, 100: { value: '#d9e8ff' }, 200: { value: '#b3d0fb' }, 500: { value: '#1f6fd6' },
            600: { value: '#175bb4' }, 700: { value: '#124a93' }, 800: { value: '#0e3b75' }, 900: { value: '#0b2b57' },
          },
          ink: { value: '#1b2430' },
          muted: { value: '#4f5a69' },
          line: { value: '#d5dbe3' },
          canvas: { value: '#f5f7fa' },
          danger: { value: '#b42318' },
          dangerBg: { value: '#fdecea' },
          infoBg: { value: '#e8f1fd' },
          info: { value: '#0b4a8f' },
          success: { value: '#157f3b' },
        },
        fonts: { body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' } },
        sizes: { page: { value: '800px' }, pageWide: { value: '850px' } },
        radii: { card: { value: '10px' }, control: { value: '8px' } },
        shadows: {
          card: { value: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.10)' },
          raised: { value: '0 12px 32px rgba(16, 24, 40, 0.18)' },
        },
      },
      slotRecipes: {
        dataTable: defineSlotRecipe(dataTableRecipe),
      },
      keyframes: {
        spin: { from: { transform: 'rotate(0deg)' }, to: { transform: 'rotate(360deg)' } },
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        rowIn: { from: { opacity: '0', transform: 'translateY(6px)' }, to: { opacity: '1', transform: 'none' } },
        // opacity only: the compositor runs it (a moving gradient would repaint every skeleton on the main thread, every frame)
        skeleton: { '0%, 100%': { opacity: '1' }, '50%': { opacity: '0.55' } },
        slideDown: { from: { transform: 'translateY(-100%)' }, to: { transform: 'translateY(0)' } },
      },
    },
  },
  globalCss: {
    'html, body': { fontFamily: 'body', color: 'ink', bg: 'canvas', lineHeight: '1.5' },
    body: { minHeight: '100vh', WebkitFontSmoothing: 'antialiased' },
    '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
    'a': { color: 'brand.600' },
    ':focus-visible': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
    },
  },
});
