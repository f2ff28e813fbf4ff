/**
 * A secret shown once (a new API key, a webhook endpoint's signing secret): the dialog that shows it with a copy
 * button, and forgets it when it closes (the machine drops it on `onClose`).
 */
import { useState } from 'react';
import { css } from '../../styled-system/css';
import { Button } from '../ui/button';
import { Dialog } from './dialog';

const secretStyle = css({ fontFamily: 'mono', overflowWrap: 'anywhere', bg: '#f3f5f8', p: '3', borderRadius: 'control', my: '2' });

export function SecretDialog(props: {
  secret: string | null;
  title: string;
  body: string;
  label: string;
  testId: string;
  texts: { copy: string; copied: string; done: string };
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    props.onClose();
  };
  return (
    <Dialog open={props.secret !== null} role="alertdialog" onClose={close} title={props.title} actions={<Button onClick={close}>{props.texts.done}</Button>}>
      <p>{props.body}</p>
      <p className={secretStyle} data-testid={props.testId} aria-label={props.label}>{props.secret}</p>
      <Button variant="secondary" onClick={() => { void navigator.clipboard?.writeText(props.secret ?? '').then(() => setCopied(true), () => undefined); }}>{props.texts.copy}</Button>
      <span role="status" aria-live="polite">{copied ? ` ${props.texts.copied}` : ''}</span>
    </Dialog>
  );
}
