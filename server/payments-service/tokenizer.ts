/**
 * The sandbox payments service under `/payments-api` (`openapi/payments.yaml`): `POST /tokenizer`.
 *
 * 1. `authenticate` (onRequest, before validation): `Authorization: Bearer <paymentMethodsJwt>` — signature,
 *    expiry, and the contact still belonging to the location — else 401 `unauthorized`.
 * 2. Body validation against the contract. The contract's `oneOf` (card | bank account) is validated as the
 *    equivalent `if type = ACH then bank account else card`, so a 400 names the offending field of the body the
 *    caller meant rather than a field of the other alternative.
 * 3. The provider must be enabled for the location (422 `provider_not_enabled`); the details are checked with the
 *    shared rules of `core/rules/card-validation.ts` (422 `invalid_number`, `invalid_expiry_date`, `invalid_cvc`,
 *    `invalid_zip`, `invalid_routing_number`, `invalid_account_number`; the message starts with the field), then
 *    handed to the provider's processor adapter, whose refusals answer 402/422 with its code.
 * `GET /card-bins/{bin}?provider=` answers a card's funding by its BIN (the add-card modal's fee text).
 * 4. Success keeps a pending `tokenized_methods` row (brand, last four, expiry, names, processor token — never the
 *    number or CVC) under the SHA-256 of a one-time key, valid 30 minutes, and answers `{ key }`.
 */
import type { FastifyRequest } from 'fastify';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../db/connect.js';
import type { PaymentProvider } from '../db/schema.js';
import { generateToken } from '../db/tokens.js';
import type { Handlers } from '../http/api.js';
import type { OpenApiDocument } from '../http/contract.js';
import { ApiError } from '../http/errors.js';
import { refusalError } from '../http/refusal.js';
import { lockPaymentAttempts, paymentAttemptLimitReached, recordPaymentAttempt, retryAfterSeconds } from '../repos/payment-attempts.js';
import { enabledPaymentConfigs } from '../repos/payment-methods.js';
import { contactHasLocation } from '../repos/scope.js';
import { paymentAttemptsRefusal } from '../use-cases/verify-payment-method.js';
import {
  CARD_BRAND_NAMES,
  isValidAccountNumber,
  isValidCvc,
  isValidZip,
  routingNumberError,
  validateCardNumber,
  validateExpiry,
} from '../../core/rules/card-validation.js';
import type { CardFunding } from '../../core/rules/fees.js';
import { verifyPaymentMethodsJwt, type PaymentMethodsClaims } from './payments-jwt.js';
import type { ProcessorRegistry } from './processor.js';
import { sandboxRegistry } from './sandbox.js';
import { deleteTokenizedMethodsExpiredBefore, insertTokenizedMethod } from './tokenized-methods.js';

/** How long a tokenizer key can be attached (openapi/payments.yaml: 30 minutes). */
export const TOKEN_KEY_TTL_MS = 30 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    paymentsAuth?: PaymentMethodsClaims;
  }
}

interface CardBody {
  type: 'CC';
  provider: PaymentProvider;
  nameOnCard: string;
  ccNumber: string;
  expDate: string;
  cvc: string;
  addressLine1: string;
  addressLine2?: string;
  zipCode: string;
  name?: string;
  tin?: string;
}

interface BankAccountBody {
  type: 'ACH';
  provider: PaymentProvider;
  name: string;
  bankRoutingNumber: string;
  checkingAccountNumber: string;
}

const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);
const invalid = (code: string, field: string, problem: string) => new ApiError(422, code, `${field}: ${problem}`, field);

const cardNumberProblems = {
  format: 'must contain digits only',
  brand: 'card brand is not accepted (Visa, Mastercard, American Express, Discover)',
  length: 'has the wrong number of digits for its brand',
  luhn: 'is not a valid card number',
} as const;

/** The contract with `TokenizeRequest` validated as if/then/else on `type` (same bodies accepted and refused). */
export function withTypeDispatch(contract: OpenApiDocument): OpenApiDocument {
  const schemas = contract.components?.schemas;
  if (!schemas?.TokenizeRequest) return contract;
  schemas.TokenizeRequest = {
    description: schemas.TokenizeRequest.description,
    // allOf runs in order: an unknown or missing `type` is named before any field of an alternative.
    allOf: [
      { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['CC', 'ACH'] } } },
      {
        if: { properties: { type: { const: 'ACH' } } },
        then: { $ref: '#/components/schemas/BankAccountTokenizeRequest' },
        else: { $ref: '#/components/schemas/CardTokenizeRequest' },
      },
    ],
  };
  return contract;
}

export interface PaymentsServiceOptions {
  db: Db;
  contract: OpenApiDocument;
  /** one adapter per provider; default: the sandbox for all */
  processors?: ProcessorRegistry;
  now?: () => Date;
}

function claimsOf(request: FastifyRequest): PaymentMethodsClaims {
  if (!request.paymentsAuth) throw unauthorized('A paymentMethodsJwt is required.');
  return request.paymentsAuth;
}

/** What `registerContract` needs for `/payments-api`: the contract, the handlers and the JWT check. */
export function paymentsService({ db, contract, processors = sandboxRegistry(db), now = () => new Date() }: PaymentsServiceOptions) {
  async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
    if (!match) throw unauthorized('A paymentMethodsJwt is required (Authorization: Bearer <paymentMethodsJwt>).');
    const result = await verifyPaymentMethodsJwt(db, match[1], now());
    if (!result.ok) {
      throw unauthorized(result.reason === 'expired' ? 'The paymentMethodsJwt expired; load the payment methods again.' : 'The paymentMethodsJwt is invalid.');
    }
    const { contactId, vendorId, locationId } = result.claims;
    if (!(await contactHasLocation(db, { contactId, vendorId }, vendorId, locationId))) throw unauthorized('The paymentMethodsJwt is invalid.');
    request.paymentsAuth = result.claims;
  }

  async function store(
    claims: PaymentMethodsClaims,
    record: {
      provider: PaymentProvider; nickname: string | null; nameOnCard: string | null; brand: string | null; lastFour: string; expMonth: number | null;
      expYear: number | null; providerToken: string; cardFunding: CardFunding | null;
    },
  ) {
    const key = generateToken();
    // Housekeeping: keys expired for a day are of no use any more (an attached method keeps its own copy).
    await deleteTokenizedMethodsExpiredBefore(db, new Date(now().getTime() - 24 * 60 * 60 * 1000));
    await insertTokenizedMethod(db, key, {
      ...record,
      contactId: claims.contactId,
      vendorId: claims.vendorId,
      locationId: claims.locationId,
      expiresAt: new Date(now().getTime() + TOKEN_KEY_TTL_MS),
    });
    return key;
  }

  const handlers: Handlers = {
    /**
     * A card's funding by its BIN (6–8 digits, never the full number), so the add-card page can say the fee before the
     * card is sent: the provider's processor answers (`lookupCardFunding`; credit when it has none). The provider must
     * be an enabled card provider of the JWT's location.
     */
    async lookupCardBin(request) {
      const claims = claimsOf(request);
      const { bin } = request.params as { bin: string };
      const { provider } = request.query as { provider: PaymentProvider };
      const enabled = await enabledPaymentConfigs(db, claims.vendorId, claims.locationId);
      if (!enabled.some((c) => c.provider === provider && c.type === 'CC')) {
        throw invalid('provider_not_enabled', 'provider', `${provider} is not an enabled card provider for this location`);
      }
      const lookup = processors[provider].lookupCardFunding;
      const funding: CardFunding = lookup ? await lookup(bin) : 'credit';
      return { bin, funding };
    },
    async tokenize(request, reply) {
      const claims = claimsOf(request);
      const body = request.body as CardBody | BankAccountBody;
      // Card testing: every attempt of the contact counts (declines and invalid numbers too), at most 20 per hour.
      await db.transaction().execute(async (trx) => {
        await lockPaymentAttempts(trx, claims.contactId, 'tokenize');
        if (await paymentAttemptLimitReached(trx, claims.contactId, 'tokenize', now())) {
          reply.header('retry-after', retryAfterSeconds('tokenize'));
          throw refusalError(paymentAttemptsRefusal('tokenize'));
        }
        await recordPaymentAttempt(trx, claims.contactId, 'tokenize', now());
      });
      const enabled = await enabledPaymentConfigs(db, claims.vendorId, claims.locationId);
      if (!enabled.some((c) => c.provider === body.provider)) {
        throw invalid('provider_not_enabled', 'provider', `${body.provider} is not enabled for this location`);
      }
      const nickname = body.name?.trim() || null;

      if (body.type === 'CC') {
        const number = validateCardNumber(body.ccNumber);
        if (!number.ok) throw invalid('invalid_number', 'ccNumber', cardNumberProblems[number.error]);
        const today = Temporal.PlainDate.from(now().toISOString().slice(0, 10));
        const expiry = validateExpiry(body.expDate, today);
        if (!expiry.ok) throw invalid('invalid_expiry_date', 'expDate', expiry.error === 'expired' ? 'the card has expired' : 'must be MM/YY');
        if (!isValidCvc(body.cvc, number.brand)) {
          throw invalid('invalid_cvc', 'cvc', number.brand === 'amex' ? 'must be 4 digits for American Express' : 'must be 3 digits');
        }
        if (!isValidZip(body.zipCode)) throw invalid('invalid_zip', 'zipCode', 'must be a 5-digit or ZIP+4 code');
        const outcome = await processors[body.provider].tokenizeCard({
          provider: body.provider,
          number: number.digits,
          brand: number.brand,
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: body.cvc,
          nameOnCard: body.nameOnCard,
          addressLine1: body.addressLine1,
          addressLine2: body.addressLine2,
          zipCode: body.zipCode,
          tin: body.tin,
        });
        if (!outcome.ok) {
          request.log.info({ provider: body.provider, brand: number.brand, lastFour: number.lastFour, code: outcome.code }, 'card refused');
          throw new ApiError(outcome.status, outcome.code, outcome.message);
        }
        const key = await store(claims, {
          provider: body.provider,
          nickname,
          nameOnCard: body.nameOnCard.trim(),
          brand: CARD_BRAND_NAMES[number.brand],
          lastFour: number.lastFour,
          expMonth: expiry.month,
          expYear: expiry.year,
          providerToken: outcome.providerToken,
          cardFunding: outcome.cardFunding ?? 'credit',
        });
        request.log.info({ provider: body.provider, brand: number.brand, lastFour: number.lastFour }, 'card tokenized');
        return { key };
      }

      const routing = routingNumberError(body.bankRoutingNumber);
      if (routing) throw invalid('invalid_routing_number', 'bankRoutingNumber', routing === 'format' ? 'must be 9 digits' : 'fails the ABA checksum');
      if (!isValidAccountNumber(body.checkingAccountNumber)) throw invalid('invalid_account_number', 'checkingAccountNumber', 'must be 4 to 17 digits');
      const outcome = await processors[body.provider].tokenizeBankAccount({
        provider: body.provider,
        routingNumber: body.bankRoutingNumber,
        accountNumber: body.checkingAccountNumber,
        name: body.name,
      });
      if (!outcome.ok) throw new ApiError(outcome.status, outcome.code, outcome.message);
      const lastFour = body.checkingAccountNumber.slice(-4);
      const key = await store(claims, {
        provider: body.provider,
        nickname: nickname ?? 'Bank account',
        nameOnCard: null,
        brand: null,
        lastFour,
        expMonth: null,
        expYear: null,
        providerToken: outcome.providerToken,
        cardFunding: null,
      });
      request.log.info({ provider: body.provider, lastFour }, 'bank account tokenized');
      return { key };
    },
  };

  return { contract: withTypeDispatch(contract), handlers, authenticate };
}
