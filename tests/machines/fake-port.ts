/** A hosted fields port for chart tests: each call answers what the test says (the frame's check and tokenization). */
import { vi } from 'vitest';
import type { HostedFieldsPort, TokenizeAnswer } from '../../core/api/hosted-fields-protocol';

type CheckAnswer = Awaited<ReturnType<HostedFieldsPort['check']>>;

export const validCredit: CheckAnswer = { valid: true, brand: 'visa', funding: 'credit' };
export const validBank: CheckAnswer = { valid: true, brand: null, funding: null };

export function fakePort(answers: {
  check?: () => Promise<CheckAnswer>;
  tokenize?: (extra: { name?: string; tin?: string }) => Promise<TokenizeAnswer>;
  resume?: (jwt: string) => Promise<TokenizeAnswer>;
} = {}) {
  return {
    check: vi.fn(answers.check ?? (async () => validCredit)),
    tokenize: vi.fn(answers.tokenize ?? (async () => ({ type: 'tokenized', key: 'pmk_1', brand: 'visa', lastFour: '4242', funding: 'credit' }) as TokenizeAnswer)),
    resume: vi.fn(answers.resume ?? (async () => ({ type: 'failed' }) as TokenizeAnswer)),
  } satisfies HostedFieldsPort;
}
