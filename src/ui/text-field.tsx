import { Field } from '@ark-ui/react/field';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldRecipe, srOnly } from './field-recipe';

export { fieldRecipe };

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

