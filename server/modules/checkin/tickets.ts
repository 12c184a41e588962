import { createHash, createHmac } from 'node:crypto';
import { normaliseTicketCode, TICKET_ALPHABET, TICKET_CODE_LENGTH } from '../../../contract';

/**
 * Ticket codes (issue 25): 80 bits of HMAC-SHA256, keyed by a key derived from the server's
 * secret, over the event's id and the registration's random id (never the user id), written in
 * Crockford base32. Nothing is stored: the server recomputes the codes of an event's registrations;
 * a code of another event matches none of them. A cancelled and renewed registration gets a new code.
 */
export type TicketKey = Buffer;

export const ticketKey = (secret: string): TicketKey =>
  createHmac('sha256', secret).update('airsoft/event-tickets/v1').digest();

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += TICKET_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

export function ticketCode(key: TicketKey, eventId: string, registrationId: string): string {
  const mac = createHmac('sha256', key).update(`${eventId}:${registrationId}`).digest();
  return base32(mac.subarray(0, 10), TICKET_CODE_LENGTH);
}

/** What the check-in page keeps offline instead of the code: its SHA-256 (hex) in canonical form. */
export const codeDigest = (code: string): string =>
  createHash('sha256').update(normaliseTicketCode(code)).digest('hex');
