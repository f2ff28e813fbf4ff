/**
 * `GET /vendor-images/<vendorId>/<sha256>.<ext>`: the images vendors upload through the vendor API (logos, statement
 * ads), served by the portal itself because its content security policy shows images from its own origin only.
 * Public like the portal's other static images (an <img> sends no token), but unguessable: the path names the vendor
 * and the content's SHA-256. A new image is a new path, so an answer may be kept for good (`immutable`).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { imageHashOfFile, VENDOR_IMAGES_PREFIX } from '../domain/vendor-images.js';
import { vendorImage } from '../repos/vendor-content.js';
import { notFound } from './errors.js';
import { UUID_PATTERN } from './validation.js';

export function registerVendorImages(app: FastifyInstance, db: Db) {
  app.get(`${VENDOR_IMAGES_PREFIX}/:vendorId/:file`, async (request, reply) => {
    const { vendorId, file } = request.params as { vendorId: string; file: string };
    const sha256 = imageHashOfFile(file);
    if (!UUID_PATTERN.test(vendorId) || sha256 === null) throw notFound('image');
    const image = await vendorImage(db, vendorId.toLowerCase(), sha256);
    // the extension is part of the address: `<hash>.png` of a JPEG is not an address the portal gave out
    if (!image || image.path !== `${VENDOR_IMAGES_PREFIX}/${vendorId.toLowerCase()}/${file}`) throw notFound('image');
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(image.content));
  });
}
