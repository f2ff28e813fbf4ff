import { Field } from '@ark-ui/react/field';
import { css } from '../../../styled-system/css';
import type { CommentModal as ModalState } from '../../../machines/invoice-journey/invoice-journey.selectors';
import { COMMENT_MAX_CHARS, type CommentProblem } from '../../../core/rules/comment';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { fieldRecipe } from '../../ui/text-field';
import { commentTexts as t } from './texts';

const styles = {
  textarea: css({ p: '3', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', fontSize: 'md', width: '100%', resize: 'vertical', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  meta: css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm', color: 'muted' }),
  error: css({ color: 'danger', fontWeight: '600' }),
};

export interface CommentModalProps {
  state: ModalState;
  text: string;
  length: number;
  problem: CommentProblem | null;
  onChange(text: string): void;
  onSubmit(): void;
  onClose(): void;
}

/**
 * "Add Comment" (recurring §2.9, core §5): "Please share details", 5 rows, required, at most 150 characters (code
 * points, as the server counts), one line (Enter adds no line and sends nothing, Ctrl/⌘+Enter sends; pasted line
 * breaks are refused). "Submit" is disabled while the comment is empty. Submitting → "Comment submitted!"; a failure shows this modal again with
 * "Could not add comment." and the text kept.
 */
export function CommentModal({ state, text, length, problem, onChange, onSubmit, onClose }: CommentModalProps) {
  const f = fieldRecipe();
  if (state === 'submitted') {
    return <Dialog open onClose={onClose} title={t.submitted} role="alertdialog" actions={<Button onClick={onClose}>{t.close}</Button>} />;
  }
  const open = state !== 'closed';
  const submitting = state === 'submitting';
  const shownProblem = problem === 'tooLong' ? t.tooLong(COMMENT_MAX_CHARS) : problem === 'lineBreak' ? t.lineBreak : null;
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      title={t.title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>{t.cancel}</Button>
          <Button type="submit" form="add-comment-form" disabled={problem !== null} loading={submitting}>{t.submit}</Button>
        </>
      }
    >
      <form id="add-comment-form" noValidate onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
        {state === 'failed' ? <p role="alert" className={styles.error}>{t.failed}</p> : null}
        <Field.Root className={f.root} required invalid={shownProblem !== null}>
          <Field.Label className={f.label}>{t.label}</Field.Label>
          <Field.Textarea
            className={styles.textarea}
            rows={5}
            value={text}
            readOnly={submitting}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              // One line only: Enter adds no line. It does not send either — in a 5-row field a user expects Enter to be
              // harmless, and a half-typed comment must not be posted; Ctrl/⌘+Enter sends, as "Submit" does.
              if (e.key === 'Enter') {
                e.preventDefault();
                if ((e.ctrlKey || e.metaKey) && problem === null && !submitting) onSubmit();
              }
            }}
          />
          <div className={styles.meta}>
            {shownProblem ? <Field.ErrorText className={styles.error}>{shownProblem}</Field.ErrorText> : <span />}
            <span data-testid="comment-counter">{t.counter(length, COMMENT_MAX_CHARS)}</span>
          </div>
        </Field.Root>
      </form>
    </Dialog>
  );
}
