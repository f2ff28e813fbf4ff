import { sva } from '../../styled-system/css';

/** Slot recipe keyed by Ark's field anatomy. */
export const fieldRecipe = sva({
  slots: ['root', 'label', 'input', 'helperText', 'errorText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    label: { fontWeight: '600', fontSize: 'sm', color: 'ink' },
    input: {
      minHeight: '44px', px: '3', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', color: 'ink',
      fontSize: 'md', width: '100%',
      _placeholder: { color: '#6b7483' },
      _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '1px', borderColor: 'brand.600' },
      _invalid: { borderColor: 'danger' },
      _disabled: { bg: 'canvas' },
    },
    helperText: { fontSize: 'sm', color: 'muted' },
    errorText: { fontSize: 'sm', color: 'danger', fontWeight: '500' },
  },
});

/** Visually hidden, still read by screen readers (a label kept for assistive technology only). */
export const srOnly = {
  position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', borderWidth: 0,
} as const;
