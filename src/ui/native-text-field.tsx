import { useId } from 'react';
import { fieldRecipe, srOnly } from './field-recipe';
import type { TextFieldProps } from './text-field';

/**
 * The text field of `text-field.tsx` built from plain elements (a `<label>`, an `<input>`, and the helper and
 * error texts tied to it with `aria-describedby`/`aria-invalid`), same props and look. For pages whose first paint
 * must not wait for Ark UI — the landing page — and every simple single input.
 */
export function NativeTextField({ label, hideLabel = false, helperText, errorText, id, disabled, required, ...inputProps }: TextFieldProps) {
  const styles = fieldRecipe();
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const invalid = Boolean(errorText);
  const helperId = `${ownId}-helper`;
  const errorId = `${ownId}-error`;
  const describedBy = invalid ? errorId : helperText ? helperId : undefined;
  return (
    <div className={styles.root} data-invalid={invalid ? '' : undefined} data-disabled={disabled ? '' : undefined}>
      <label htmlFor={inputId} className={styles.label} style={hideLabel ? srOnly : undefined}>
        {label}
      </label>
      <input
        id={inputId}
        className={styles.input}
        disabled={disabled}
        required={required}
        aria-invalid={invalid || undefined}
        data-invalid={invalid ? '' : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {helperText && !invalid ? <span id={helperId} className={styles.helperText}>{helperText}</span> : null}
      {invalid ? <span id={errorId} aria-live="polite" className={styles.errorText}>{errorText}</span> : null}
    </div>
  );
}
