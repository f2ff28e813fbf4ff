import { useEffect, useId, useReducer, useState } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/button';
import { NativeTextField } from '../../ui/native-text-field';
import { landingTexts as t } from './texts';
import { useContactForm } from './use-contact-form';

/**
 * The confirmation modal's chunk (Ark dialog, focus trap): fetched once the visitor has typed a valid address (and
 * again on submit, should that fetch have failed), so the landing page's first paint and first interaction do not
 * carry it; by the time the request answers it is there. Rendered only once loaded — no Suspense fallback
 * in between, so nothing on the page changes while it loads.
 */
let dialogModule: typeof import('../../ui/dialog') | undefined;
const loadDialog = () =>
  dialogModule ? Promise.resolve(dialogModule) : import('../../ui/dialog').then((module) => (dialogModule = module));

/** "Access PerformancePay": request a login link by e-mail or phone (spec §2 Landing page). */
export function ContactForm() {
  const form = useContactForm();
  const titleId = useId();
  // Mounted from the first opening on, so closing plays Ark's own close (focus goes back to the form).
  const [dialogMounted, setDialogMounted] = useState(false);
  if (form.isModalOpen && !dialogMounted) setDialogMounted(true);
  const [, dialogLoaded] = useReducer((n: number) => n + 1, 0);
  const wantDialog = form.canSubmit || form.isModalOpen;
  useEffect(() => {
    if (wantDialog && !dialogModule) void loadDialog().then(dialogLoaded, () => undefined);
  }, [wantDialog]);
  const Dialog = dialogModule?.Dialog;
  return (
    <section
      aria-labelledby={titleId}
      onFocus={form.prepare}
      onPointerDown={form.prepare}
      className={css({ bg: 'white', borderRadius: 'card', boxShadow: 'raised', borderWidth: '1px', borderColor: 'line', p: { base: '5', md: '7' }, color: 'ink' })}
    >
      <h2 id={titleId} className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700', lineHeight: '1.25', mb: '2' })}>
        {t.formTitle}
      </h2>
      <p className={css({ color: 'muted', fontSize: 'sm', mb: '5' })}>{t.explanation}</p>
      <form
        noValidate
        aria-labelledby={titleId}
        aria-busy={form.isSubmitting || undefined}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        onSubmit={(event) => {
          event.preventDefault();
          void loadDialog().then(dialogLoaded, () => undefined);
          form.submit();
        }}
      >
        <NativeTextField
          label={t.inputLabel}
          hideLabel
          name="contact"
          type="text"
          autoComplete="email"
          spellCheck={false}
          placeholder={t.inputPlaceholder}
          value={form.contact}
          readOnly={form.isSubmitting}
          onChange={(event) => form.change(event.target.value)}
          errorText={form.showInvalid ? t.invalidContact : undefined}
        />
        <Button type="submit" block disabled={!form.canSubmit} loading={form.isSubmitting}>
          {t.submit}
        </Button>
        {form.showSubmitError ? (
          <p role="alert" className={css({ color: 'danger', bg: 'dangerBg', borderRadius: 'control', px: '3', py: '2', fontSize: 'sm', fontWeight: '500' })}>
            {t.submitError}
          </p>
        ) : null}
      </form>
      {dialogMounted && Dialog ? (
          <Dialog
            open={form.isModalOpen}
            onClose={form.closeModal}
            title={t.modalTitle}
            actions={<Button onClick={form.closeModal}>{t.modalClose}</Button>}
          >
            <p>{t.modalBody}</p>
          </Dialog>
      ) : null}
    </section>
  );
}
