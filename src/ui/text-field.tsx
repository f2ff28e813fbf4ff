import { Field } from '@ark-ui/react/field';
import type { InputHTMLAttributes, ReactNode } from 'react';
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

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  /** Visible label; use `hideLabel` to keep it for screen readers only. */
  label: ReactNode;
  hideLabel?: boolean;
  helperText?: ReactNode;
  /** Shown (and the input marked invalid) when set. */
  errorText?: ReactNode;
}

/** A labelled text input (Ark UI Field) with helper and error text wired to aria attributes. */
export function TextField({ label, hideLabel = false, helperText, errorText, disabled, required, ...inputProps }: TextFieldProps) {
  const styles = fieldRecipe();
  const invalid = Boolean(errorText);
  return (
    <Field.Root className={styles.root} invalid={invalid} disabled={disabled} required={required}>
      <Field.Label className={styles.label} style={hideLabel ? srOnly : undefined}>
        {label}
      </Field.Label>
      <Field.Input className={styles.input} {...inputProps} />
      {helperText && !invalid ? <Field.HelperText className={styles.helperText}>{helperText}</Field.HelperText> : null}
      {invalid ? <Field.ErrorText className={styles.errorText}>{errorText}</Field.ErrorText> : null}
    </Field.Root>
  );
}

const srOnly = {
  position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', borderWidth: 0,
} as const;
