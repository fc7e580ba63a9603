import type { WebhookSender } from '../services/ports.ts';

/**
 * The WebhookSender over fetch. Redirects are not followed: a 3xx is an answer that did not accept
 * the event (and following it could carry a signed body somewhere the partner did not register).
 * The answer's body is discarded unread, so its connection is freed at once.
 */
export const fetchWebhookSender: WebhookSender = {
  async post(url, body, headers, timeoutMs) {
    const response = await fetch(url, { method: 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status;
  },
};
