import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { sva } from '../../styled-system/css';

/** Slot recipe keyed by Ark's dialog anatomy. */
export const dialogRecipe = sva({
  slots: ['backdrop', 'positioner', 'content', 'title', 'description', 'actions'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(11, 20, 36, 0.55)', zIndex: 40, animation: 'fadeIn 120ms ease-out' },
    positioner: { position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4', zIndex: 50 },
    content: {
      bg: 'white', borderRadius: 'card', boxShadow: 'raised', width: '100%', maxWidth: '480px',
      p: { base: '5', md: '6' }, display: 'flex', flexDirection: 'column', gap: '3',
      _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' },
    },
    title: { fontSize: 'xl', fontWeight: '700', color: 'ink', lineHeight: '1.3' },
    description: { color: 'ink', fontSize: 'md' },
    actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '3', mt: '2' },
  },
});

export interface DialogProps {
  open: boolean;
  /** Called when the user closes the dialog (Escape, outside click). */
  onClose?: () => void;
  title: ReactNode;
  /** Body text or content. */
  children?: ReactNode;
  /** Buttons shown at the bottom right. */
  actions?: ReactNode;
  /** `alertdialog` for confirmations and errors. */
  role?: 'dialog' | 'alertdialog';
}

/** Modal dialog (Ark UI Dialog): title, body, actions. Controlled by `open`. */
export function Dialog({ open, onClose, title, children, actions, role = 'dialog' }: DialogProps) {
  const styles = dialogRecipe();
  return (
    <ArkDialog.Root open={open} role={role} lazyMount unmountOnExit onOpenChange={(d) => { if (!d.open) onClose?.(); }}>
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          <ArkDialog.Content className={styles.content}>
            <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
            {children ? <ArkDialog.Description asChild><div className={styles.description}>{children}</div></ArkDialog.Description> : null}
            {actions ? <div className={styles.actions}>{actions}</div> : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
