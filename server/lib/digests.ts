// Shared by the lottery draw and the waiting room's pre-queue (both rank under a committed seed).
import { createHash, createHmac } from 'node:crypto';
import type { Digests } from '../../common/rules/lotteryDraw';

/** SHA-256 and HMAC-SHA256 in hex, as the published verifier computes them. */
export const NODE_DIGESTS: Digests = {
  sha256: (data) => createHash('sha256').update(data).digest('hex'),
  hmacSha256: (key, data) => createHmac('sha256', key).update(data).digest('hex'),
};
