import type { FeedbackConfig } from '../../../common/config.ts';

/** A reader's answer to the feedback question of one page. */
export interface FeedbackAnswer {
  page: string;
  title: string;
  helpful: boolean;
  comment?: string;
}

/**
 * Pushes the answer to `window.dataLayer` (a tag manager reads it from there, or the page's own
 * scripts) and POSTs it as JSON to the configured endpoint. The reader is thanked whatever
 * the endpoint answers: a failed POST is logged, never shown.
 */
export function sendFeedback(config: FeedbackConfig, answer: FeedbackAnswer): void {
  const w = window as unknown as { dataLayer?: object[] };
  (w.dataLayer = w.dataLayer || []).push({ event: config.event, ...answer });
  if (!config.endpoint) return;
  fetch(config.endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(answer), keepalive: true }).catch((err) =>
    console.warn('docgen: the feedback could not be sent.', err),
  );
}
