/**
 * A software passkey for the server's tests: what a platform authenticator answers to WebAuthn options — a P-256 key
 * made here, a "none" attestation, authenticator data with the RP ID's hash, flags and a signature counter, and
 * client data naming the origin. The browser journeys use Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    this.publicJwk = { x: jwk.x, y: jwk.y };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE((this.counter += 1));
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (`RegistrationResponseJSON`); `origin` other than its own forges one. */
  create(options: { challenge: string; rp: { id?: string } }, override: { origin?: string; rpId?: string } = {}) {
    const rpId = override.rpId ?? options.rp.id!;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const authData = this.authData(rpId, 0x45, attested); // user present, verified, attested credential data
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, override.origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** The answer to authentication options (`AuthenticationResponseJSON`), signed with this passkey's key. */
  get(options: { challenge: string; rpId?: string }, override: { origin?: string } = {}) {
    const authData = this.authData(options.rpId!, 0x05); // user present, verified
    const clientData = this.clientData('webauthn.get', options.challenge, override.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
