/**
 * Images a vendor uploads through the vendor API (its logo, its ads). The portal serves them itself, at
 * `/vendor-images/<vendorId>/<sha256>.<ext>`: its content security policy shows images from its own origin only
 * (`img-src 'self'`), so an image on the vendor's host would never be displayed. An upload is taken for what its bytes
 * are — PNG, JPEG or WebP by their signature, and it must be what the caller says — never SVG, which can carry script.
 * The path names the content's hash: a new image is a new URL, so browsers may keep one for good.
 */
import { createHash } from 'node:crypto';
import type { VendorImageType } from '../db/schema.js';

export const MAX_IMAGE_BYTES = 512 * 1024;
export const VENDOR_IMAGES_PREFIX = '/vendor-images';

const EXTENSION: Record<VendorImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The image type its first bytes say, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): VendorImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export interface DecodedImage {
  contentType: VendorImageType;
  bytes: Buffer;
  sha256: string;
}

/** The upload's bytes, or why they are not an image the portal takes (a sentence for the caller). */
export function decodeImageUpload(upload: { contentType: VendorImageType; data: string }): { ok: true; image: DecodedImage } | { ok: false; problem: string } {
  // Node's decoder skips what is not base64; the contract allows only its alphabet, the length must be whole groups
  if (upload.data.length % 4 !== 0) return { ok: false, problem: 'is not base64 (its length is not a multiple of 4)' };
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, problem: `is larger than ${MAX_IMAGE_BYTES / 1024} KiB` };
  const sniffed = sniffImageType(bytes);
  if (sniffed === null) return { ok: false, problem: 'is not a PNG, JPEG or WebP image' };
  if (sniffed !== upload.contentType) return { ok: false, problem: `is ${sniffed}, not ${upload.contentType}` };
  return { ok: true, image: { contentType: sniffed, bytes, sha256: createHash('sha256').update(bytes).digest('hex') } };
}

export function vendorImagePath(vendorId: string, image: Pick<DecodedImage, 'sha256' | 'contentType'>): string {
  return `${VENDOR_IMAGES_PREFIX}/${vendorId}/${image.sha256}.${EXTENSION[image.contentType]}`;
}

const FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/** The hash named by the file part of an image path (`<sha256>.<ext>`), or null when it is not one. */
export function imageHashOfFile(file: string): string | null {
  return FILE.exec(file)?.[1] ?? null;
}
